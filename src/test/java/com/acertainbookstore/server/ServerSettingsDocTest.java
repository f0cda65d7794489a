package com.acertainbookstore.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.acertainbookstore.DocTables;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** docs/protocol.md's table of {@code bookstore.*} properties lists what {@link ServerSettings} reads, with its defaults. */
class ServerSettingsDocTest {

    private static final Path DOC = Path.of("docs", "protocol.md");

    @Test
    void protocolDoc_serverSettingsTable_listsEveryPropertyWithTheCodesDefault() throws Exception {
        Map<String, List<String>> rows = DocTables.rowsOfExactly(DOC, ServerSettings.PREFIX, ServerSettings.KNOWN, "ServerSettings");
        ServerSettings defaults = ServerSettings.defaults();
        Map<String, String> expected = new TreeMap<>(Map.of(
                "tls.cert", "none",
                "tls.key", "none",
                "tls.ca", "none",
                "tls.clientAuth", "`" + ServerTls.ClientAuth.NONE + "`",
                "tls.handshakeTimeoutMs", "`" + ServerTls.DEFAULT_HANDSHAKE_TIMEOUT_MS + "`",
                "insecure", "`" + defaults.insecure() + "`"));
        expected.putAll(Map.of(
                "host", "`" + defaults.host() + "`",
                "port", "`" + defaults.port() + "`",
                "locking", "`" + defaults.locking() + "`",
                "maxBodyBytes", "`" + defaults.maxBodyBytes() + "`",
                "maxConnections", "`" + defaults.maxConnections() + "`",
                "requestTimeoutMs", "`" + defaults.requestTimeoutMs() + "`",
                "exitOnStdinEof", "`" + ServerSettings.exitOnStdinEof(new Properties()) + "`",
                "token", defaults.token() == null ? "none" : "?",
                "tokenFile", defaults.token() == null ? "none" : "?"));
        Map<String, String> documented = new TreeMap<>();
        for (String key : expected.keySet()) {
            documented.put(key, rows.get(ServerSettings.PREFIX + key).get(0));
        }
        assertEquals(expected, documented, DOC + ": a default in the bookstore.* table is not the code's");
    }
}
