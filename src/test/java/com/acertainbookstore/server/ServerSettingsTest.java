package com.acertainbookstore.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.business.Locking;
import com.acertainbookstore.protocol.BearerToken;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ServerSettingsTest {

    static Properties properties(String... pairs) {
        Properties properties = new Properties();
        for (int i = 0; i < pairs.length; i += 2) {
            properties.setProperty(pairs[i], pairs[i + 1]);
        }
        return properties;
    }

    @Test
    void fromProperties_none_givesDefaults() {
        ServerSettings settings = ServerSettings.fromProperties(properties("other.property", "x"));
        assertEquals(ServerSettings.defaults(), settings);
        assertEquals("127.0.0.1", settings.host());
        assertEquals(8081, settings.port());
        assertEquals(Locking.DEFAULT, settings.locking());
        assertEquals(1 << 20, settings.maxBodyBytes());
        assertNull(settings.token());
        assertFalse(ServerSettings.exitOnStdinEof(properties()));
    }

    @Test
    void fromProperties_everySetting_isRead() {
        ServerSettings settings = ServerSettings.fromProperties(properties("bookstore.host", "localhost",
                "bookstore.port", "0", "bookstore.locking", "single", "bookstore.maxBodyBytes", "100",
                "bookstore.token", "s3cret", "bookstore.exitOnStdinEof", "true", "bookstore.maxConnections", "50",
                "bookstore.requestTimeoutMs", "2000"));
        assertEquals(new ServerSettings("localhost", 0, Locking.SINGLE, 100, "s3cret", 50, 2000, null, false), settings);
        assertTrue(ServerSettings.exitOnStdinEof(properties("bookstore.exitOnStdinEof", "TRUE")));
        assertFalse(settings.toString().contains("s3cret"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "bookstore.prot|1|bookstore.prot",
        "bookstore.port|70000|bookstore.port",
        "bookstore.port|-1|bookstore.port",
        "bookstore.port|eighty|bookstore.port",
        "bookstore.locking|THREE_LEVEL|bookstore.locking",
        "bookstore.maxBodyBytes|0|bookstore.maxBodyBytes",
        "bookstore.token|'a b'|bookstore.token",
        "bookstore.host|' '|bookstore.host",
        "bookstore.maxConnections|0|bookstore.maxConnections",
        "bookstore.requestTimeoutMs|5|bookstore.requestTimeoutMs",
    })
    void fromProperties_badOrUnknown_isRefusedNamingTheProperty(String name, String value, String named) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ServerSettings.fromProperties(properties(name, value)));
        assertTrue(e.getMessage().contains(named), e.getMessage());
    }

    @Test
    void fromProperties_tokenFromFileOrEnvironment_isRead(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("token");
        Files.writeString(file, "  fr0m-file \nsecond line ignored\n");
        assertEquals("fr0m-file", ServerSettings.fromProperties(properties("bookstore.tokenFile", file.toString())).token());
        assertEquals("fr0m-env", ServerSettings.fromProperties(properties(),
                Map.of(BearerToken.ENVIRONMENT_VARIABLE, "fr0m-env")).token());
        assertNull(ServerSettings.fromProperties(properties(), Map.of(BearerToken.ENVIRONMENT_VARIABLE, "")).token());
    }

    @Test
    void fromProperties_tokenGivenTwoWaysOrUnreadable_isRefusedWithoutShowingIt(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("token");
        Files.writeString(file, "s3cret\n");
        IllegalArgumentException twice = assertThrows(IllegalArgumentException.class, () -> ServerSettings.fromProperties(
                properties("bookstore.tokenFile", file.toString()), Map.of(BearerToken.ENVIRONMENT_VARIABLE, "other")));
        assertTrue(twice.getMessage().contains("more than one way"), twice.getMessage());
        IllegalArgumentException missing = assertThrows(IllegalArgumentException.class,
                () -> ServerSettings.fromProperties(properties("bookstore.tokenFile", dir.resolve("none").toString())));
        assertTrue(missing.getMessage().contains("bookstore.tokenFile"), missing.getMessage());
        Files.writeString(file, "two words\n");
        IllegalArgumentException invalid = assertThrows(IllegalArgumentException.class,
                () -> ServerSettings.fromProperties(properties("bookstore.tokenFile", file.toString())));
        assertFalse(invalid.getMessage().contains("two words"), invalid.getMessage());
        IllegalArgumentException shown = assertThrows(IllegalArgumentException.class,
                () -> ServerSettings.fromProperties(properties("bookstore.token", "my secret")));
        assertFalse(shown.getMessage().contains("secret"), shown.getMessage());
    }

    @Test
    void exitOnStdinEof_notABoolean_isRefused() {
        assertThrows(IllegalArgumentException.class, () -> ServerSettings.exitOnStdinEof(properties("bookstore.exitOnStdinEof", "yes")));
    }
}
