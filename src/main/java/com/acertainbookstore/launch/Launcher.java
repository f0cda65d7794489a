package com.acertainbookstore.launch;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The artifact's main class: {@code java -jar certainbookstore.jar <role> [--key=value ...]}.
 * Each {@code --key=value} (or {@code -Dkey=value}) after the role becomes the system property the
 * role reads, exactly as {@code -Dkey=value} before {@code -jar} would; {@code --help} prints the
 * role's settings. A bad command line gets one line naming what was wrong and status 2; a role
 * that fails (a bad setting, a failed audit) one line with its message and status 1. Runs on the
 * main thread; a role that returns (the workload) ends the JVM with status 0.
 */
public final class Launcher {

    private Launcher() {
    }

    public static void main(String[] args) throws Exception {
        Command command;
        try {
            command = parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("certainbookstore: " + e.getMessage());
            System.err.println("try: java -jar certainbookstore.jar --help");
            System.exit(2);
            return;
        }
        if (command.role() == null || command.help()) {
            help(command.role(), System.out);
            return;
        }
        command.settings().forEach(System::setProperty);
        try {
            command.role().run(command.arguments().toArray(String[]::new));
        } catch (Exception e) {
            // A bad setting, a failed audit or check: the role has stopped what it started and
            // says what went wrong in its message.
            System.err.println("certainbookstore " + command.role().label() + ": "
                    + (e.getMessage() == null ? e.toString() : e.getMessage()));
            System.exit(1);
        }
        System.exit(0);
    }

    /**
     * A parsed command line: the role (null for the general help), its settings, whether help was
     * asked, and the arguments of a role that reads its own ({@link Role#takesArguments()}).
     */
    record Command(Role role, Map<String, String> settings, boolean help, List<String> arguments) {
    }

    /**
     * Parses a command line.
     *
     * @throws IllegalArgumentException no or an unknown role, an argument that is not a setting of
     *     the form {@code --key=value}, or a setting the role does not read; the message names it
     */
    static Command parse(String[] args) {
        if (args.length == 0) {
            throw new IllegalArgumentException("no role given (one of " + labels() + ")");
        }
        if (args[0].equals("--help") || args[0].equals("-h") || args[0].equals("help")) {
            return new Command(null, Map.of(), true, List.of());
        }
        Role role = Role.of(args[0]);
        if (role == null) {
            throw new IllegalArgumentException("'" + args[0] + "' is not a role (one of " + labels() + ")");
        }
        if (role.takesArguments()) {
            return new Command(role, Map.of(), false, List.of(args).subList(1, args.length));
        }
        Map<String, String> settings = new LinkedHashMap<>();
        boolean help = false;
        for (int i = 1; i < args.length; i++) {
            String argument = args[i];
            if (argument.equals("--help") || argument.equals("-h")) {
                help = true;
                continue;
            }
            String setting = argument.startsWith("--") ? argument.substring(2)
                    : argument.startsWith("-D") ? argument.substring(2) : null;
            int equals = setting == null ? -1 : setting.indexOf('=');
            if (equals < 1) {
                throw new IllegalArgumentException("argument '" + argument + "' is not a setting: give"
                        + " --key=value (e.g. --" + role.settings().get(0).split(" ")[0] + "=...)");
            }
            String key = setting.substring(0, equals);
            if (!role.reads(key)) {
                throw new IllegalArgumentException("setting " + key + " is not read by " + role.label()
                        + " (its settings start with " + String.join(", ", role.prefixes()) + ")");
            }
            settings.put(key, setting.substring(equals + 1));
        }
        return new Command(role, settings, help, List.of());
    }

    /** The help of {@code role}, or the general help for null. */
    static void help(Role role, PrintStream out) {
        if (role == null) {
            out.println("usage: java -jar certainbookstore.jar <role> [--key=value ...] [--help]");
            out.println();
            for (Role each : Role.values()) {
                out.printf("  %-9s %s%n", each.label(), each.description());
            }
            out.println();
            out.println("Settings are the same as under Maven: --key=value after the role, or -Dkey=value before -jar.");
            out.println("java -jar certainbookstore.jar <role> --help lists the role's settings.");
            return;
        }
        out.println("usage: java -jar certainbookstore.jar " + role.label() + " [--key=value ...]");
        out.println(role.description());
        out.println();
        out.println("settings:");
        List<String> settings = new ArrayList<>(role.settings());
        for (String setting : settings) {
            out.println("  " + setting);
        }
    }

    private static String labels() {
        List<String> labels = new ArrayList<>();
        for (Role role : Role.values()) {
            labels.add(role.label());
        }
        return String.join(", ", labels);
    }
}
