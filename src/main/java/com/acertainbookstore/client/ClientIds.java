package com.acertainbookstore.client;

import com.acertainbookstore.protocol.RequestId;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedDeque;

/**
 * A proxy's client ids for mutating calls: a pool of slots, each a random UUID drawn once and the
 * next sequence number to use under it. Safe to share between any number of threads.
 *
 * <p>A mutating call {@link #take takes} a free slot (or a new one, when every slot is held),
 * sends every attempt it makes under {@code (uuid, next)}, and {@link #give gives} the slot back
 * with {@code next} advanced once its last attempt ended, whatever the outcome. The replicas'
 * exactly-once table needs two things of a client id (see {@code statemachine.ClientTable}); here
 * is why both hold.
 *
 * <ul>
 * <li><b>At most one call outstanding per id.</b> A slot is, at every moment, in exactly one
 *     place: in the free deque, or held by the one call that took it. {@code pollFirst} removes it
 *     atomically, so two takers never get the same slot; a call gives its slot back once, in a
 *     {@code finally}, after its last attempt has ended (every attempt runs in the calling thread,
 *     synchronously), and only then can another call take it. A slot is never in the deque twice,
 *     since only its holder offers it and a holder is not in the deque. (A lock-free stack with the
 *     slots as its own nodes would not do: a slot popped, reused and pushed back while another
 *     thread's pop is in progress is the ABA case, and would hand one slot to two calls.)
 * <li><b>Sequences strictly increase per id.</b> {@code next} is read and advanced only by the
 *     slot's holder, and advanced before the slot goes back; the deque's offer and poll order the
 *     giver's write before the next taker's read (its happens-before guarantee). So the calls under
 *     one id use 0, 1, 2, ... in the order they run.
 * </ul>
 *
 * <p>What stays in flight after a call ended (a request written to a replica the call then gave up
 * on) carries the old sequence; once the next call under the id has been applied, the state
 * machine answers such a stray copy {@code Superseded} and applies nothing, and before that it is
 * the same call as the one the caller was told about (applied at most once, under its id).
 *
 * <p>The pool holds as many slots as this proxy ever had mutating calls in progress at once: the
 * replicas keep one table entry per client id for good, so ids are reused rather than drawn per
 * call or per thread. The most recently returned slot is taken first.
 */
final class ClientIds {

    /** One client id and its next sequence; used by its holder alone (see the class comment). */
    static final class Slot {
        private final UUID client;
        private long next;

        private Slot(UUID client) {
            this.client = client;
        }

        /** The id of the holder's call: this client and its next sequence. */
        RequestId id() {
            return new RequestId(client, next);
        }
    }

    private final ConcurrentLinkedDeque<Slot> free = new ConcurrentLinkedDeque<>();

    /** A slot for one call's sole use until {@link #give}: a free one, else a new client id. */
    Slot take() {
        Slot slot = free.pollFirst();
        return slot != null ? slot : new Slot(UUID.randomUUID());
    }

    /** Gives back a slot taken here, its sequence advanced past the call that held it. */
    void give(Slot slot) {
        slot.next++;
        free.offerFirst(slot);
    }
}
