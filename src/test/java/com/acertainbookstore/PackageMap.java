package com.acertainbookstore;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The package map as the {@code package-info} files write it, and its comparison with the
 * packages' real dependencies. Each main package's {@code package-info.java} ends its Javadoc with
 * one paragraph {@code <p>Uses: {@code a}, {@code b.c}.} (packages relative to {@value #ROOT}) or
 * {@code <p>Uses: nothing else in the project.}; {@link PackageMapTest} reads them and the compiled
 * main classes. Stateless; the methods are pure functions of their arguments.
 */
final class PackageMap {

    /** The project's root package; the map names packages relative to it. */
    static final String ROOT = "com.acertainbookstore";
    /** The text of a Uses paragraph that lists no package. */
    static final String NOTHING = "nothing else in the project";
    /** How many class-level dependencies a message shows per arrow. */
    private static final int EXAMPLES = 5;

    private static final Pattern JAVADOC = Pattern.compile("/\\*\\*(.*?)\\*/\\s*package\\s", Pattern.DOTALL);
    private static final Pattern LEADING_STAR = Pattern.compile("(?m)^\\s*\\*\\s?");
    private static final Pattern USES = Pattern.compile("<p>\\s*Uses:");
    private static final Pattern ENTRY = Pattern.compile("\\{@code ([a-z][a-z0-9]*(?:\\.[a-z][a-z0-9]*)*)}");

    private static final Pattern PACKAGE = Pattern.compile("(?m)^package\\s+([\\w.]+)\\s*;");
    private static final Pattern IMPORT = Pattern.compile("(?m)^import\\s+(static\\s+)?([\\w.]+?)(\\.\\*)?\\s*;");

    private PackageMap() {
    }

    /**
     * The project classes a source file imports, as {@code package -> Class} pairs (the package
     * relative to {@value #ROOT}; {@code *} for a package imported whole): what a reader sees at
     * the top of the file, including a constant the compiler will copy in and a class named only
     * in Javadoc. The first capitalised name of an import is its class; a static import's member
     * after it is dropped.
     */
    static SortedSet<String> imports(String source) {
        SortedSet<String> imported = new TreeSet<>();
        Matcher line = IMPORT.matcher(source);
        while (line.find()) {
            String name = line.group(2);
            if (!name.startsWith(ROOT + ".")) {
                continue;
            }
            String[] parts = name.split("\\.");
            int klass = 0;
            while (klass < parts.length && !Character.isUpperCase(parts[klass].charAt(0))) {
                klass++;
            }
            if (klass == parts.length) {
                imported.add(relative(name) + " -> *");
            } else {
                String packageName = String.join(".", List.of(parts).subList(0, klass));
                imported.add(relative(packageName) + " -> " + parts[klass]);
            }
        }
        return imported;
    }

    /** The package a source file declares, or {@code null} for none. */
    static String packageOf(String source) {
        Matcher declaration = PACKAGE.matcher(source);
        return declaration.find() ? declaration.group(1) : null;
    }

    /** A package's name relative to {@value #ROOT} ({@code workload.results}); the root itself is {@code (root)}. */
    static String relative(String packageName) {
        if (packageName.equals(ROOT)) {
            return "(root)";
        }
        return packageName.startsWith(ROOT + ".") ? packageName.substring(ROOT.length() + 1) : packageName;
    }

    /**
     * The packages a {@code package-info.java}'s "Uses:" paragraph lists, relative to
     * {@value #ROOT}; empty for {@value #NOTHING}.
     *
     * @throws IllegalArgumentException saying what is wrong: no Javadoc before the package
     *                                  declaration, no "Uses:" paragraph or more than one, one that
     *                                  is not the last, or a list not of the agreed form
     */
    static SortedSet<String> uses(String packageInfo) {
        Matcher javadoc = JAVADOC.matcher(packageInfo);
        if (!javadoc.find()) {
            throw new IllegalArgumentException("it has no Javadoc before its package declaration");
        }
        String text = LEADING_STAR.matcher(javadoc.group(1)).replaceAll("").strip();
        Matcher uses = USES.matcher(text);
        if (!uses.find()) {
            throw new IllegalArgumentException("its Javadoc has no \"<p>Uses:\" paragraph");
        }
        int start = uses.end();
        if (uses.find()) {
            throw new IllegalArgumentException("its Javadoc has more than one \"<p>Uses:\" paragraph");
        }
        String list = text.substring(start).replaceAll("\\s+", " ").strip();
        if (list.contains("<p>")) {
            throw new IllegalArgumentException("its \"<p>Uses:\" paragraph is not the Javadoc's last");
        }
        if (!list.endsWith(".")) {
            throw new IllegalArgumentException("its \"<p>Uses:\" paragraph does not end with a period: '" + list + "'");
        }
        list = list.substring(0, list.length() - 1).strip();
        SortedSet<String> packages = new TreeSet<>();
        if (list.equals(NOTHING)) {
            return packages;
        }
        for (String entry : list.split(",", -1)) {
            Matcher name = ENTRY.matcher(entry.strip());
            if (!name.matches()) {
                throw new IllegalArgumentException("its \"<p>Uses:\" paragraph must be '" + NOTHING + ".' or a comma"
                        + " list of {@code package}; '" + entry.strip() + "' is neither");
            }
            if (!packages.add(name.group(1))) {
                throw new IllegalArgumentException("its \"<p>Uses:\" paragraph lists " + name.group(1) + " twice");
            }
        }
        return packages;
    }

    /**
     * What differs between the declared map and the real dependencies: an arrow a package's
     * classes make that its Uses line does not list (naming the classes), a listed package that no
     * class uses, and a listed name that is no main package (or the package itself).
     *
     * @param declared each main package's Uses line (every main package is a key)
     * @param real     each package's arrows to other project packages, each with the class-level
     *                 dependencies that make it ({@code workload.a.X -> b.Y})
     */
    static List<String> differences(Map<String, ? extends Set<String>> declared,
            Map<String, ? extends Map<String, ? extends Set<String>>> real) {
        List<String> problems = new ArrayList<>();
        for (Map.Entry<String, ? extends Set<String>> entry : new TreeMap<>(declared).entrySet()) {
            String from = entry.getKey();
            Map<String, ? extends Set<String>> arrows = arrowsOf(real, from);
            for (String to : new TreeSet<>(arrows.keySet())) {
                if (!entry.getValue().contains(to)) {
                    problems.add(from + " uses " + to + ", which its Uses line does not list: "
                            + examples(arrows.get(to)));
                }
            }
            for (String to : entry.getValue()) {
                if (to.equals(from)) {
                    problems.add(from + "'s Uses line lists the package itself");
                } else if (!declared.containsKey(to)) {
                    problems.add(from + "'s Uses line lists " + to + ", which is no main package (main packages: "
                            + String.join(", ", new TreeSet<>(declared.keySet())) + ")");
                } else if (!arrows.containsKey(to)) {
                    problems.add(from + "'s Uses line lists " + to + ", which no class of " + from + " uses");
                }
            }
        }
        return problems;
    }

    /**
     * Every cycle among the packages, one per strongly connected group of packages: the packages
     * around it, and for each arrow the class-level dependencies that make it.
     */
    static List<String> cycles(Map<String, ? extends Map<String, ? extends Set<String>>> real) {
        List<String> problems = new ArrayList<>();
        for (SortedSet<String> group : stronglyConnected(real)) {
            if (group.size() < 2) {
                continue;
            }
            List<String> cycle = cycleThrough(group.first(), group, real);
            StringBuilder message = new StringBuilder("packages " + String.join(", ", group) + " depend on each other: ");
            for (int i = 0; i < cycle.size(); i++) {
                String from = cycle.get(i);
                String to = cycle.get((i + 1) % cycle.size());
                message.append(i == 0 ? "" : "; ").append(from).append(" -> ").append(to).append(" (")
                        .append(examples(real.get(from).get(to))).append(")");
            }
            problems.add(message.toString());
        }
        return problems;
    }

    private static Map<String, ? extends Set<String>> arrowsOf(
            Map<String, ? extends Map<String, ? extends Set<String>>> real, String from) {
        Map<String, ? extends Set<String>> arrows = real.get(from);
        return arrows == null ? Map.of() : arrows;
    }

    private static String examples(Set<String> dependencies) {
        List<String> shown = new ArrayList<>(new TreeSet<>(dependencies));
        int more = shown.size() - EXAMPLES;
        return String.join(", ", shown.subList(0, Math.min(EXAMPLES, shown.size())))
                + (more > 0 ? " and " + more + " more" : "");
    }

    /** Tarjan's algorithm, iteration order fixed by sorting so that messages are stable. */
    private static List<SortedSet<String>> stronglyConnected(Map<String, ? extends Map<String, ? extends Set<String>>> real) {
        SortedSet<String> nodes = new TreeSet<>(real.keySet());
        real.values().forEach(arrows -> nodes.addAll(arrows.keySet()));
        Map<String, Integer> index = new HashMap<>();
        Map<String, Integer> low = new HashMap<>();
        Deque<String> stack = new ArrayDeque<>();
        Set<String> onStack = new LinkedHashSet<>();
        List<SortedSet<String>> groups = new ArrayList<>();
        for (String node : nodes) {
            if (!index.containsKey(node)) {
                visit(node, real, index, low, stack, onStack, groups);
            }
        }
        return groups;
    }

    private static void visit(String node, Map<String, ? extends Map<String, ? extends Set<String>>> real,
            Map<String, Integer> index, Map<String, Integer> low, Deque<String> stack, Set<String> onStack,
            List<SortedSet<String>> groups) {
        index.put(node, index.size());
        low.put(node, index.get(node));
        stack.push(node);
        onStack.add(node);
        for (String next : new TreeSet<>(arrowsOf(real, node).keySet())) {
            if (!index.containsKey(next)) {
                visit(next, real, index, low, stack, onStack, groups);
                low.put(node, Math.min(low.get(node), low.get(next)));
            } else if (onStack.contains(next)) {
                low.put(node, Math.min(low.get(node), index.get(next)));
            }
        }
        if (low.get(node).equals(index.get(node))) {
            SortedSet<String> group = new TreeSet<>();
            String member;
            do {
                member = stack.pop();
                onStack.remove(member);
                group.add(member);
            } while (!member.equals(node));
            groups.add(group);
        }
    }

    /** A shortest cycle from {@code start} back to itself inside its group (breadth first). */
    private static List<String> cycleThrough(String start, Set<String> group,
            Map<String, ? extends Map<String, ? extends Set<String>>> real) {
        SortedMap<String, String> parent = new TreeMap<>();
        Deque<String> queue = new ArrayDeque<>(List.of(start));
        while (!queue.isEmpty()) {
            String node = queue.poll();
            for (String next : new TreeSet<>(arrowsOf(real, node).keySet())) {
                if (!group.contains(next)) {
                    continue;
                }
                if (next.equals(start)) {
                    List<String> cycle = new ArrayList<>();
                    for (String at = node; at != null; at = parent.get(at)) {
                        cycle.add(0, at);
                    }
                    return cycle;
                }
                if (!parent.containsKey(next)) {
                    parent.put(next, node);
                    queue.add(next);
                }
            }
        }
        throw new IllegalStateException(start + " is in a strongly connected group but on no cycle");
    }
}
