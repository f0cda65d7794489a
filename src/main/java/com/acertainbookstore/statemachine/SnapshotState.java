package com.acertainbookstore.statemachine;

import com.acertainbookstore.business.StockBook;
import com.acertainbookstore.protocol.RequestId;
import java.util.ArrayList;
import java.util.List;

/**
 * Everything a snapshot holds, immutable: the last applied log position, every book with every
 * field, and the exactly-once table. Encoded by {@link #encode}, decoded by {@link #decode}.
 *
 * <p>Layout: magic {@code "CBSS"}, version byte, term and index (longs), book count and the books
 * ({@link FieldWriter#writeStockBook}), client count and per client its id, last sequence and
 * outcome (as in {@link CommandFormat}'s reply).
 *
 * @param term the term of the last applied entry
 * @param index the index of the last applied entry
 * @param books every book, in ascending ISBN order
 * @param clients the exactly-once table, by ascending client id
 */
record SnapshotState(long term, long index, List<StockBook> books, List<ClientTable.Entry> clients) {

    private static final int MAGIC = 0x43425353;
    private static final int VERSION = 1;
    private static final int MAX_CLIENTS = Integer.MAX_VALUE - 8;

    SnapshotState {
        books = List.copyOf(books);
        clients = List.copyOf(clients);
    }

    byte[] encode() {
        FieldWriter out = new FieldWriter(64 + 96 * books.size() + 48 * clients.size());
        out.writeInt(MAGIC).writeByte(VERSION).writeLong(term).writeLong(index).writeInt(books.size());
        for (StockBook book : books) {
            out.writeStockBook(book);
        }
        out.writeInt(clients.size());
        for (ClientTable.Entry client : clients) {
            out.writeUuid(client.client()).writeLong(client.lastSequence());
            CommandFormat.writeOutcome(out, client.outcome());
        }
        return out.toByteArray();
    }

    static SnapshotState decode(byte[] bytes) throws MalformedDataException {
        FieldReader in = new FieldReader(bytes);
        int magic = in.readInt("snapshot.magic");
        if (magic != MAGIC) {
            throw new MalformedDataException("snapshot.magic is " + Integer.toHexString(magic)
                    + " (not a bookstore snapshot)");
        }
        int version = in.readByte("snapshot.version");
        if (version != VERSION) {
            throw new MalformedDataException("snapshot format version " + version + " is unknown (this replica reads "
                    + VERSION + ")");
        }
        long term = in.readLong("snapshot.term");
        long index = in.readLong("snapshot.index");
        int bookCount = in.readCount("snapshot.books", QueryFormat.MAX_BOOKS);
        List<StockBook> books = new ArrayList<>(bookCount);
        for (int i = 0; i < bookCount; i++) {
            books.add(in.readStockBook("book[" + i + "]"));
        }
        int clientCount = in.readCount("snapshot.clients", MAX_CLIENTS);
        List<ClientTable.Entry> clients = new ArrayList<>(clientCount);
        for (int i = 0; i < clientCount; i++) {
            String field = "client[" + i + "]";
            RequestId id = CommandFormat.requestId(in.readUuid(field + ".id"), in.readLong(field + ".lastSequence"),
                    field);
            clients.add(new ClientTable.Entry(id.client(), id.sequence(), CommandFormat.readOutcome(in, field)));
        }
        in.expectEnd("snapshot");
        return new SnapshotState(term, index, books, clients);
    }
}
