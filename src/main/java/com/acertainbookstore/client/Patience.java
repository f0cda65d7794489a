package com.acertainbookstore.client;

/**
 * Asked, while a call waits for its answer on one server, whether to go on waiting: the wait is
 * cut into slices, and at the end of each the transport asks again. Used by {@link Failover} to
 * give up a call held by a replica the rest of the group has moved on from ({@link Suspicion}).
 * An implementation belongs to one attempt of one call, used by the calling thread only.
 */
interface Patience {

    /** Never asks: the call waits until its answer or its deadline. */
    Patience UNTIL_DEADLINE = new Patience() {
        @Override
        public long nextCheck() {
            return Long.MAX_VALUE;
        }

        @Override
        public boolean keepWaiting() {
            return true;
        }
    };

    /** When ({@link System#nanoTime}) to ask next; {@link Long#MAX_VALUE} for never. */
    long nextCheck();

    /** Whether to go on waiting; false makes the wait end with {@link MovedOn}. */
    boolean keepWaiting();

    /** A wait given up because {@link #keepWaiting} said so: the request may have been received. */
    final class MovedOn extends java.io.IOException {

        private static final long serialVersionUID = 1L;

        MovedOn(String message) {
            super(message, null);
        }
    }
}
