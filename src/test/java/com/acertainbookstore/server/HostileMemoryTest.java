package com.acertainbookstore.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.business.BookCopy;
import com.acertainbookstore.business.ImmutableStockBook;
import com.acertainbookstore.client.BookStoreHTTPProxy;
import com.acertainbookstore.client.StockManagerHTTPProxy;
import com.acertainbookstore.protocol.Metric;
import com.acertainbookstore.server.RawHttp.Answer;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Memory attacks against the standalone server in a small heap of its own: names from the network
 * must not accumulate anywhere, and a server that does run out of memory exits, saying so.
 */
class HostileMemoryTest {

    @Test
    void distinctHugeUnknownNames_manyTimesTheHeap_allRefusedAndTheServerServesOn() throws Exception {
        try (ServerJvm server = ServerJvm.fork(List.of("-Xmx64m"), "-Dbookstore.port=0")) {
            String url = server.awaitUrl();
            int port = URI.create(url).getPort();
            String padding = "n".repeat(1_000_000);
            long start = System.nanoTime();
            for (int i = 0; i < 200; i++) {
                byte[] body = ("<req><x" + i + padding + "/></req>").getBytes(StandardCharsets.UTF_8);
                Answer answer = RawHttp.postXml(port, "/GETEDITORPICKS", null, body);
                assertEquals(400, answer.status(), "request " + i + ": " + answer.body());
                assertTrue(answer.body().contains("is not part of the protocol"), answer.body());
            }
            long millis = (System.nanoTime() - start) / 1_000_000;
            assertTrue(millis < 60_000, "200 MB of names took " + millis + " ms");
            try (BookStoreHTTPProxy client = new BookStoreHTTPProxy(url);
                    StockManagerHTTPProxy stock = new StockManagerHTTPProxy(url + "/stock")) {
                stock.addBooks(Set.of(new ImmutableStockBook(1, "T", "A", 1f, 5, 0, 0, 0, true)));
                client.buyBooks(Set.of(new BookCopy(1, 2)));
                assertEquals(3, stock.getBooks().get(0).getNumCopies());
                assertTrue(client.serverMetrics().get(Metric.HEAP_USED_BYTES) < 64L << 20);
            }
        }
    }

    @Test
    void outOfMemory_whileReadingABody_serverExitsWithAMessage() throws Exception {
        try (ServerJvm server = ServerJvm.fork(List.of("-Xmx32m"), "-Dbookstore.port=0",
                "-Dbookstore.maxBodyBytes=500000000")) {
            int port = URI.create(server.awaitUrl()).getPort();
            RawHttp.postXml(port, "/BUYBOOKS", null, new byte[200_000_000]);
            assertTrue(server.process().waitFor(30, TimeUnit.SECONDS), "the server lingers after running out of memory");
            assertEquals(FatalErrors.OUT_OF_MEMORY_STATUS, server.process().exitValue());
            assertTrue(server.restOfOutput().contains("out of memory, exiting"));
        }
    }
}
