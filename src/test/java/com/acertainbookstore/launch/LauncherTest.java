package com.acertainbookstore.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The artifact's command line: roles, settings as arguments, help, and what it refuses. */
class LauncherTest {

    @Test
    void parse_roleAndSettings_givesTheRoleAndItsSystemProperties() {
        Launcher.Command command = Launcher.parse(new String[] {"replica", "--replica.id=1",
                "-Dreplica.peers=10.0.0.1:7001:8001", "--bookstore.token=a=b"});

        assertEquals(Role.REPLICA, command.role());
        assertEquals(Map.of("replica.id", "1", "replica.peers", "10.0.0.1:7001:8001", "bookstore.token", "a=b"),
                command.settings());
        assertFalse(command.help());
    }

    @Test
    void parse_help_generalOrOfARole() {
        Launcher.Command general = Launcher.parse(new String[] {"--help"});
        Launcher.Command server = Launcher.parse(new String[] {"server", "--help"});

        assertNull(general.role());
        assertTrue(general.help());
        assertEquals(Role.SERVER, server.role());
        assertTrue(server.help());
    }

    @Test
    void parse_badCommandLines_areRefusedNamingWhatIsWrong() {
        assertRefused(new String[0], "no role given (one of server, replica, cluster, certs, workload)");
        assertRefused(new String[] {"serve"}, "'serve' is not a role (one of server, replica, cluster, certs, workload)");
        assertRefused(new String[] {"server", "port=1"}, "argument 'port=1' is not a setting: give --key=value"
                + " (e.g. --bookstore.exitOnStdinEof=...)");
        assertRefused(new String[] {"server", "--=1"}, "argument '--=1' is not a setting: give --key=value"
                + " (e.g. --bookstore.exitOnStdinEof=...)");
        assertRefused(new String[] {"server", "--replica.id=1"}, "setting replica.id is not read by server (its"
                + " settings start with bookstore.)");
        assertRefused(new String[] {"workload", "--bookstore.port=1"}, "setting bookstore.port is not read by"
                + " workload (its settings start with workload.)");
    }

    @Test
    void parse_certs_passesItsOwnArgumentsHelpIncluded() {
        Launcher.Command command = Launcher.parse(new String[] {"certs", "--dir", "d", "--node", "n0=10.0.0.1",
                "--help"});

        assertEquals(Role.CERTS, command.role());
        assertEquals(java.util.List.of("--dir", "d", "--node", "n0=10.0.0.1", "--help"), command.arguments());
        assertEquals(Map.of(), command.settings());
        assertFalse(command.help(), "certs answers its own --help");
    }

    @Test
    void help_eachRole_listsItsSettings() {
        assertTrue(help(null).contains("  cluster   a local cluster"), help(null));
        assertTrue(help(null).contains("  certs     makes a CA"), help(null));
        assertTrue(help(Role.SERVER).contains("  bookstore.port\n"), help(Role.SERVER));
        assertTrue(help(Role.REPLICA).contains("  replica.peers\n") && help(Role.REPLICA).contains("  bookstore.token\n"),
                help(Role.REPLICA));
        assertTrue(help(Role.CLUSTER).contains("  cluster.replicas\n") && help(Role.CLUSTER).contains("  cluster.java\n"),
                help(Role.CLUSTER));
        for (String tls : List.of("  replica.tls.cert\n", "  replica.tls.key\n", "  replica.tls.ca\n",
                "  bookstore.tls.cert\n", "  bookstore.insecure\n")) {
            assertTrue(help(Role.REPLICA).contains(tls), tls + help(Role.REPLICA));
            assertTrue(help(Role.CLUSTER).contains(tls), tls + help(Role.CLUSTER));
        }
        assertTrue(help(Role.WORKLOAD).contains("  workload.threads (default: "), help(Role.WORKLOAD));
    }

    private static String help(Role role) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Launcher.help(role, new PrintStream(bytes, true, StandardCharsets.UTF_8));
        return bytes.toString(StandardCharsets.UTF_8);
    }

    private static void assertRefused(String[] args, String message) {
        assertEquals(message, assertThrows(IllegalArgumentException.class, () -> Launcher.parse(args)).getMessage());
    }
}
