package com.acertainbookstore.launch;

import com.acertainbookstore.cluster.LocalClusterMain;
import com.acertainbookstore.cluster.OneReplica;
import com.acertainbookstore.replica.ReplicaConfig;
import com.acertainbookstore.server.BookStoreHTTPServer;
import com.acertainbookstore.server.ServerSettings;
import com.acertainbookstore.tls.CertsMain;
import com.acertainbookstore.workload.WorkloadMain;
import com.acertainbookstore.workload.settings.Setting;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What the artifact can start, each with the main class it runs, what it is, the prefixes of the
 * settings it reads and the text of its {@code --help}. Immutable.
 */
enum Role {

    SERVER("the bookstore over HTTP, one process (docs/protocol.md)", List.of(ServerSettings.PREFIX)) {
        @Override
        void run(String[] args) throws Exception {
            BookStoreHTTPServer.main(args);
        }

        @Override
        List<String> settings() {
            return List.copyOf(ServerSettings.names());
        }
    },
    REPLICA("one replica of the replicated store, one per machine (docs/replication.md)",
            List.of(ReplicaConfig.PREFIX, ServerSettings.PREFIX)) {
        @Override
        void run(String[] args) throws Exception {
            OneReplica.main(args);
        }

        @Override
        List<String> settings() {
            List<String> names = new ArrayList<>(ReplicaConfig.names());
            names.addAll(ServerSettings.names());
            return names;
        }
    },
    CLUSTER("a local cluster: N replicas, each its own JVM on loopback ports, until Ctrl-C (docs/replication.md)",
            List.of("cluster.", ReplicaConfig.PREFIX, ServerSettings.PREFIX)) {
        @Override
        void run(String[] args) throws Exception {
            LocalClusterMain.main(args);
        }

        @Override
        List<String> settings() {
            List<String> names = new ArrayList<>(List.of(LocalClusterMain.REPLICAS, LocalClusterMain.DIR,
                    LocalClusterMain.JAVA, LocalClusterMain.AOT_CACHE));
            names.addAll(ReplicaConfig.names());
            names.addAll(ServerSettings.names());
            return names;
        }
    },
    CERTS("makes a CA, node and client certificates in PEM for TLS (its own arguments: certs --help)", List.of()) {
        @Override
        void run(String[] args) {
            CertsMain.main(args);
        }

        @Override
        List<String> settings() {
            return List.of();
        }

        @Override
        boolean takesArguments() {
            return true;
        }
    },
    WORKLOAD("the workload harness: measures the store in-process, over HTTP or replicated (docs/harness.md)",
            List.of(Setting.PREFIX)) {
        @Override
        void run(String[] args) throws Exception {
            WorkloadMain.main(args);
        }

        @Override
        List<String> settings() {
            List<String> names = new ArrayList<>();
            for (Setting setting : Setting.values()) {
                names.add(setting.key() + " (default: " + (setting.defaultValue().isEmpty() ? "empty"
                        : setting.defaultValue()) + ")");
            }
            return names;
        }
    };

    private final String description;
    private final List<String> prefixes;

    Role(String description, List<String> prefixes) {
        this.description = description;
        this.prefixes = prefixes;
    }

    /** Runs the role's main class, its settings already set as system properties. */
    abstract void run(String[] args) throws Exception;

    /** The names of the settings the role reads (with their defaults where the role has them in one place). */
    abstract List<String> settings();

    /**
     * Whether the role reads its own command-line arguments (passed to it as they are, {@code --help}
     * included) rather than settings.
     */
    boolean takesArguments() {
        return false;
    }

    /** The role's name on the command line. */
    String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    String description() {
        return description;
    }

    /** Whether {@code key} is a setting of this role (by its prefix). */
    boolean reads(String key) {
        return prefixes.stream().anyMatch(key::startsWith);
    }

    List<String> prefixes() {
        return prefixes;
    }

    /** The role named {@code label}, or null. */
    static Role of(String label) {
        for (Role role : values()) {
            if (role.label().equals(label)) {
                return role;
            }
        }
        return null;
    }
}
