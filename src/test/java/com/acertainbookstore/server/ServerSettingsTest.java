package com.acertainbookstore.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.business.Locking;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ServerSettingsTest {

    private static Properties properties(String... pairs) {
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
                "bookstore.token", "s3cret", "bookstore.exitOnStdinEof", "true"));
        assertEquals(new ServerSettings("localhost", 0, Locking.SINGLE, 100, "s3cret"), settings);
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
    })
    void fromProperties_badOrUnknown_isRefusedNamingTheProperty(String name, String value, String named) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ServerSettings.fromProperties(properties(name, value)));
        assertTrue(e.getMessage().contains(named), e.getMessage());
    }

    @Test
    void exitOnStdinEof_notABoolean_isRefused() {
        assertThrows(IllegalArgumentException.class, () -> ServerSettings.exitOnStdinEof(properties("bookstore.exitOnStdinEof", "yes")));
    }
}
