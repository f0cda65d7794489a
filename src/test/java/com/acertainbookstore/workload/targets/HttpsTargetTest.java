package com.acertainbookstore.workload.targets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.business.Locking;
import com.acertainbookstore.workload.settings.Setting;
import com.acertainbookstore.workload.settings.WorkloadConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code workload.tls=true}: the harness forks a server that serves HTTPS with certificates made
 * for the run, calls it over TLS with a client certificate, and removes the certificates and the
 * server at the end.
 */
class HttpsTargetTest {

    @TempDir
    Path dir;

    @Test
    @Timeout(60)
    void open_tls_forksAnHttpsServerCallsItOverTlsAndRemovesEverything() throws Exception {
        WorkloadConfig config = WorkloadConfig.defaults().withLocal(false).with(Setting.TLS, true)
                .withOutput(dir.resolve("results"), dir.resolve("plots"));
        Files.createDirectories(dir.resolve("results"));
        java.util.Set<Path> before = certificateDirs();
        try (Target target = HttpTarget.open(config, Locking.SINGLE)) {
            target.bookStore().getEditorPicks(1);
            target.health().check();
            assertTrue(target.sample() != null);
            String log = Files.readString(dir.resolve("results/http-server-SINGLE.log"));
            assertTrue(log.contains("BookStoreHTTPServer listening on https://127.0.0.1:"), log);
            assertEquals(before.size() + 1, certificateDirs().size(), "the run's certificates exist while it runs");
        }
        assertEquals(0, ProcessHandle.current().children().filter(ProcessHandle::isAlive).count(),
                "forked server still running");
        assertEquals(before, certificateDirs(), "the run's certificates are removed");
    }

    /** The harness's certificate directories now in the temporary directory. */
    private static java.util.Set<Path> certificateDirs() throws java.io.IOException {
        try (java.util.stream.Stream<Path> files = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            return files.filter(file -> file.getFileName().toString().startsWith("bookstore-workload-certs-"))
                    .collect(java.util.stream.Collectors.toSet());
        }
    }

    @Test
    void config_tlsWithoutAForkedServerOrReplicas_refusedNamingIt() {
        IllegalArgumentException local = assertThrows(IllegalArgumentException.class,
                () -> WorkloadConfig.defaults().with(Setting.TLS, true));
        assertTrue(local.getMessage().contains("workload.tls=true needs workload.local=false"), local.getMessage());
        IllegalArgumentException server = assertThrows(IllegalArgumentException.class,
                () -> WorkloadConfig.defaults().withLocal(false).with(Setting.SERVER, "http://127.0.0.1:8081")
                        .with(Setting.TLS, true));
        assertTrue(server.getMessage().contains("not workload.server"), server.getMessage());
        assertTrue(WorkloadConfig.defaults().withLocal(false).with(Setting.REPLICAS, 3).with(Setting.TLS, true).tls,
                "forked replicas run with TLS on every hop");
        IllegalArgumentException cut = assertThrows(IllegalArgumentException.class,
                () -> WorkloadConfig.defaults().withLocal(false).with(Setting.REPLICAS, 3)
                        .with(Setting.FAULT, "isolate-leader@0.5:0.5").with(Setting.TLS, true));
        assertTrue(cut.getMessage().startsWith("workload.tls=true with faults that cut a replica off is not built yet"),
                cut.getMessage());
    }
}
