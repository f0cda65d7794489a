package com.acertainbookstore.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.client.BookStoreHTTPProxy;
import com.acertainbookstore.client.ClientTraffic;
import com.acertainbookstore.protocol.Metric;
import com.acertainbookstore.store.CertainBookStore;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The server's HTTP bytes in {@code /metrics} ({@link HttpTraffic}) while its connections stay
 * open, checked against the client's own count of the same bytes ({@code ClientTraffic}).
 */
class HttpTrafficTest {

    @Test
    void metrics_callsOnAKeptAliveConnection_countTheBytesTheClientSent() throws Exception {
        try (BookStoreHTTPServer server = BookStoreHTTPServer.start(new CertainBookStore(),
                ServerSettings.defaults().withPort(0));
                BookStoreHTTPProxy client = new BookStoreHTTPProxy(server.baseUrl())) {
            Map<Metric, Long> before = client.serverMetrics();
            long sentBefore = ClientTraffic.bytesSent();
            long receivedBefore = ClientTraffic.bytesReceived();
            for (int i = 0; i < 200; i++) {
                client.getEditorPicks(1);
            }
            Map<Metric, Long> after = client.serverMetrics();
            long sent = ClientTraffic.bytesSent() - sentBefore;
            long received = ClientTraffic.bytesReceived() - receivedBefore;

            long in = after.get(Metric.HTTP_BYTES_IN) - before.get(Metric.HTTP_BYTES_IN);
            long out = after.get(Metric.HTTP_BYTES_OUT) - before.get(Metric.HTTP_BYTES_OUT);
            // Between the two /metrics answers the server received the 200 calls and the second
            // /metrics request, exactly what the client sent meanwhile.
            assertEquals(sent, in, "server received, client sent");
            assertTrue(in > 200 * 50, in + " bytes for 200 calls");
            // It sent the first /metrics answer and the 200 answers; the client received the 200 and the second.
            assertEquals(received, out, 16, "server sent " + out + ", client received " + received);
            assertTrue(server.port() > 0);
        }
    }
}
