package com.acertainbookstore.statemachine;

import com.acertainbookstore.protocol.Operation;
import com.acertainbookstore.protocol.RequestId;
import com.acertainbookstore.protocol.WireFormatException;
import com.acertainbookstore.protocol.WireRequest;

/**
 * One mutating call as the log carries it, immutable once built (the request's set is not copied:
 * do not change it afterwards): its id, its operation and its argument, exactly as the HTTP
 * protocol decodes them.
 *
 * @param id the call's identity, for exactly-once application
 * @param operation a mutating operation ({@link Operation#mutates()})
 * @param request its argument, of the shape {@link Operation#checkArgument} accepts
 */
public record Command(RequestId id, Operation operation, WireRequest request) {

    public Command {
        if (id == null || operation == null || request == null) {
            throw new IllegalArgumentException("id, operation and request must not be null");
        }
        if (!operation.mutates()) {
            throw new IllegalArgumentException(operation + " does not change the store: a read is a query, "
                    + "never a log entry");
        }
        checkShape(operation, request);
    }

    /** Throws {@code IllegalArgumentException} unless the request has the operation's argument shape. */
    static void checkShape(Operation operation, WireRequest request) {
        try {
            operation.checkArgument(request);
        } catch (WireFormatException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }
}
