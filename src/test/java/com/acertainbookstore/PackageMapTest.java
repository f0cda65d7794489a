package com.acertainbookstore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The package map is true: every main package (found from the compiled main classes, so a new
 * package is covered without editing this test) has a {@code package-info.java} whose "Uses:"
 * paragraph lists exactly the project packages its classes depend on, and the packages form no
 * cycle. A dependency is what the compiled class refers to (read from the bytecode) or what its
 * source file imports (read from the source): a constant the compiler copied in, or a class named
 * only in Javadoc, leaves no trace in the bytecode but is an arrow a reader sees.
 */
class PackageMapTest {

    private static final Path SOURCES = Path.of(System.getProperty("basedir", "")).resolve("src/main/java");

    /** Each main package's arrows to other project packages, with the class-level dependencies making them. */
    private static SortedMap<String, SortedMap<String, SortedSet<String>>> real;

    @BeforeAll
    static void importMainClasses() throws IOException {
        JavaClasses classes = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_JARS)
                .importPackages(PackageMap.ROOT);
        real = new TreeMap<>();
        for (JavaClass origin : classes) {
            String from = PackageMap.relative(origin.getPackageName());
            real.computeIfAbsent(from, name -> new TreeMap<>());
            for (Dependency dependency : origin.getDirectDependenciesFromSelf()) {
                JavaClass target = dependency.getTargetClass().getBaseComponentType();
                String packageName = target.getPackageName();
                if (!packageName.equals(PackageMap.ROOT) && !packageName.startsWith(PackageMap.ROOT + ".")) {
                    continue;
                }
                String to = PackageMap.relative(packageName);
                if (!to.equals(from)) {
                    real.get(from).computeIfAbsent(to, name -> new TreeSet<>())
                            .add(from + "." + topLevel(origin) + " -> " + to + "." + topLevel(target));
                }
            }
        }
        addImports();
    }

    /** Adds the arrows of every main source file's project imports ({@code a.File -> b.Class (import)}). */
    private static void addImports() throws IOException {
        List<Path> files;
        try (Stream<Path> walk = Files.walk(SOURCES)) {
            files = walk.filter(file -> file.toString().endsWith(".java")).collect(Collectors.toList());
        }
        for (Path file : files) {
            String source = Files.readString(file, StandardCharsets.UTF_8);
            String declared = PackageMap.packageOf(source);
            if (declared == null || !(declared.equals(PackageMap.ROOT) || declared.startsWith(PackageMap.ROOT + "."))) {
                continue;
            }
            String from = PackageMap.relative(declared);
            String name = file.getFileName().toString().replace(".java", "");
            for (String imported : PackageMap.imports(source)) {
                String to = imported.substring(0, imported.indexOf(" -> "));
                if (!to.equals(from)) {
                    real.computeIfAbsent(from, none -> new TreeMap<>()).computeIfAbsent(to, none -> new TreeSet<>())
                            .add(from + "." + name + " -> " + to + "." + imported.substring(imported.indexOf(" -> ") + 4)
                                    + " (import)");
                }
            }
        }
    }

    /** {@code Outer} for {@code Outer$Inner} and {@code Outer$1}: the class a reader finds in the sources. */
    private static String topLevel(JavaClass javaClass) {
        String name = javaClass.getName().substring(javaClass.getPackageName().length() + 1);
        int nested = name.indexOf('$');
        return nested < 0 ? name : name.substring(0, nested);
    }

    @Test
    void mainClasses_areFound() {
        assertTrue(real.size() > 1, "main classes under " + PackageMap.ROOT + " found in packages " + real.keySet()
                + "; run after compiling (mvn test)");
        assertTrue(Files.isDirectory(SOURCES), "main sources are read from " + SOURCES.toAbsolutePath());
    }

    @Test
    void everyMainPackage_hasAPackageInfoEndingWithAUsesParagraph() throws IOException {
        List<String> problems = new ArrayList<>();
        declared(problems);
        assertTrue(problems.isEmpty(), String.join("\n", problems));
    }

    @Test
    void everyMainPackage_usesExactlyThePackagesItsUsesParagraphLists() throws IOException {
        List<String> problems = new ArrayList<>();
        Map<String, SortedSet<String>> declared = declared(problems);
        problems.addAll(PackageMap.differences(declared, real));
        assertTrue(problems.isEmpty(), problems.size() + " difference(s) between the package-info Uses lines and"
                + " the classes:\n" + String.join("\n", problems));
    }

    @Test
    void mainPackages_formNoCycle() {
        List<String> cycles = PackageMap.cycles(real);
        assertTrue(cycles.isEmpty(), String.join("\n", cycles));
    }

    /** Each main package's Uses line; a package without one is a problem, and lists nothing here. */
    private static Map<String, SortedSet<String>> declared(List<String> problems) throws IOException {
        Map<String, SortedSet<String>> declared = new TreeMap<>();
        for (String relative : real.keySet()) {
            String packageName = relative.equals("(root)") ? PackageMap.ROOT : PackageMap.ROOT + "." + relative;
            Path info = SOURCES.resolve(packageName.replace('.', '/')).resolve("package-info.java");
            declared.put(relative, new TreeSet<>());
            if (!Files.isRegularFile(info)) {
                problems.add(relative + " has no package-info.java (" + info + "); its classes: "
                        + String.join(", ", classesOf(relative)));
                continue;
            }
            try {
                declared.put(relative, PackageMap.uses(Files.readString(info, StandardCharsets.UTF_8)));
            } catch (IllegalArgumentException e) {
                problems.add(relative + "'s package-info.java (" + info + "): " + e.getMessage());
            }
        }
        return declared;
    }

    private static Set<String> classesOf(String relative) {
        Set<String> names = new TreeSet<>();
        new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages(relative.equals("(root)") ? PackageMap.ROOT : PackageMap.ROOT + "." + relative)
                .stream().filter(c -> PackageMap.relative(c.getPackageName()).equals(relative))
                .forEach(c -> names.add(topLevel(c)));
        return names;
    }

    // The checks themselves, on made-up maps: each one fails when it should.

    @Test
    void uses_listOrNothing_isParsed() {
        assertEquals(new TreeSet<>(List.of("business", "workload.results")), PackageMap.uses("""
                /**
                 * Holds things.
                 *
                 * <p>Uses: {@code workload.results},
                 * {@code business}.
                 */
                package com.acertainbookstore.x;
                """));
        assertEquals(Set.of(), PackageMap.uses("/**\n * Holds things.\n *\n * <p>Uses: nothing else in the project.\n"
                + " */\npackage com.acertainbookstore.x;\n"));
    }

    @Test
    void imports_projectClassesStaticAndWhole_areReadWithTheirPackages() {
        String source = """
                package com.acertainbookstore.x;

                import static com.acertainbookstore.protocol.Metric.NAME;
                import com.acertainbookstore.business.Book;
                import com.acertainbookstore.workload.results.Point.Kind;
                import com.acertainbookstore.store.*;
                import java.util.List;
                import static java.lang.Math.max;

                final class Y {
                }
                """;

        assertEquals(new TreeSet<>(List.of("business -> Book", "protocol -> Metric", "store -> *",
                "workload.results -> Point")), PackageMap.imports(source));
        assertEquals("com.acertainbookstore.x", PackageMap.packageOf(source));
    }

    @Test
    void uses_malformed_isRefusedSayingWhatIsWrong() {
        assertRefused("package com.acertainbookstore.x;", "no Javadoc");
        assertRefused("/** Holds things. */\npackage com.acertainbookstore.x;", "no \"<p>Uses:\" paragraph");
        assertRefused("/** Holds. <p>Uses: business and wire. */\npackage x;", "'business and wire' is neither");
        assertRefused("/** Holds. <p>Uses: {@code business} */\npackage x;", "does not end with a period");
        assertRefused("/** Holds. <p>Uses: {@code wire}. <p>More. */\npackage x;", "is not the Javadoc's last");
        assertRefused("/** Holds. <p>Uses: {@code wire}, {@code wire}. */\npackage x;", "lists wire twice");
        assertRefused("/** <p>Uses: {@code a}. <p>Uses: {@code b}. */\npackage x;", "more than one");
    }

    @Test
    void differences_undeclaredUnusedAndUnknown_areReportedNamingTheClasses() {
        Map<String, Set<String>> declared = Map.of("a", Set.of("c", "nowhere"), "b", Set.of(), "c", Set.of());
        Map<String, Map<String, Set<String>>> arrows = Map.of("a", Map.of("b", Set.of("a.X -> b.Y", "a.Z -> b.Y")));

        List<String> problems = PackageMap.differences(declared, arrows);

        assertEquals(List.of("a uses b, which its Uses line does not list: a.X -> b.Y, a.Z -> b.Y",
                "a's Uses line lists c, which no class of a uses",
                "a's Uses line lists nowhere, which is no main package (main packages: a, b, c)"), sorted(problems));
        assertTrue(PackageMap.differences(Map.of("a", Set.of("b"), "b", Set.of()),
                Map.of("a", Map.of("b", Set.of("a.X -> b.Y")))).isEmpty());
    }

    @Test
    void cycles_areReportedWithTheClassesOfEachArrow() {
        Map<String, Map<String, Set<String>>> arrows = Map.of(
                "a", Map.of("b", Set.of("a.X -> b.Y")),
                "b", Map.of("c", Set.of("b.Y -> c.Z")),
                "c", Map.of("a", Set.of("c.Z -> a.W")),
                "d", Map.of("a", Set.of("d.V -> a.X")));

        List<String> cycles = PackageMap.cycles(arrows);

        assertEquals(List.of("packages a, b, c depend on each other: a -> b (a.X -> b.Y); b -> c (b.Y -> c.Z);"
                + " c -> a (c.Z -> a.W)"), cycles);
        assertFalse(PackageMap.cycles(Map.of("a", Map.of("b", Set.of("a.X -> b.Y")))).iterator().hasNext());
    }

    private static List<String> sorted(List<String> lines) {
        List<String> copy = new ArrayList<>(lines);
        copy.sort(null);
        return copy;
    }

    private static void assertRefused(String packageInfo, String part) {
        String message = assertThrows(IllegalArgumentException.class, () -> PackageMap.uses(packageInfo)).getMessage();
        assertTrue(message.contains(part), message);
    }
}
