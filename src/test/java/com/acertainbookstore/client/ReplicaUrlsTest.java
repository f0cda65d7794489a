package com.acertainbookstore.client;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Which replica a {@code Bookstore-Leader} value names: only one of the list, compared normalised. */
class ReplicaUrlsTest {

    private final ReplicaUrls urls = new ReplicaUrls(
            List.of("http://localhost/stock", "http://127.0.0.1:8082/stock", "http://[::1]:8083/stock"), "urls");

    @Test
    void indexOf_sameServerInAnotherSpelling_namesIt() {
        assertEquals(0, urls.indexOf("http://localhost"));
        assertEquals(0, urls.indexOf("HTTP://LocalHost:80/"));
        assertEquals(1, urls.indexOf("http://127.0.0.1:8082"));
        assertEquals(1, urls.indexOf("http://127.0.0.1:8082/stock"), "the path is ignored");
        assertEquals(2, urls.indexOf("http://[::1]:8083"));
    }

    @Test
    void indexOf_httpsList_namedByTheReplicasHttpLeaderHeader() {
        ReplicaUrls secure = new ReplicaUrls(List.of("https://db1.example:8443", "https://db2.example"), "urls");
        assertEquals(0, secure.indexOf("http://db1.example:8443"));
        assertEquals(1, secure.indexOf("http://db2.example:443"), "https's default port");
        assertEquals(-1, secure.indexOf("http://db2.example"), "port 80 is another server");
    }

    @Test
    void indexOf_anythingElse_namesNothing() {
        for (String value : new String[] {null, "", "127.0.0.1:8082", "https://127.0.0.1:8082", "http://127.0.0.1:8083",
                "http://127.0.0.2:8082", "http://user@127.0.0.1:8082", "http://127.0.0.1:80x", "http://[::1]:8082",
                "http://127.0.0.1:8082/" + "a".repeat(Connection.MAX_LEADER_CHARS), "http://local host", "%zz",
                "http://127.0.0.1:99999999999"}) {
            assertEquals(-1, urls.indexOf(value), String.valueOf(value));
        }
    }
}
