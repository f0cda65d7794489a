package com.acertainbookstore.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.protocol.Operation;
import com.acertainbookstore.protocol.WireError;
import com.acertainbookstore.protocol.WireFormatException;
import com.acertainbookstore.protocol.WireRequest;
import com.acertainbookstore.protocol.WireResponse;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.util.HashSet;
import java.util.List;

/**
 * Any byte string, decoded, gives a valid message or a {@link WireFormatException} with a
 * one-line message, never any other exception, within a time bound. {@code mvn test} replays the
 * saved inputs under {@code src/test/resources/.../WireCodecFuzzTestInputs} (seconds); fuzzing
 * for real is {@code JAZZER_FUZZ=1 mvn test -Dtest=WireCodecFuzzTest#<method>} (see
 * {@code docs/testing.md}).
 */
class WireCodecFuzzTest {

    /** Far above what any input of the fuzzer's size costs; a quadratic path would cross it. */
    private static final long BOUND_NANOS = 2_000_000_000L;

    @FuzzTest(maxDuration = "60s")
    void decodeRequest_anyBytes_validRequestOrWireFormatException(byte[] body) {
        long start = System.nanoTime();
        try {
            WireRequest request = WireCodec.decode(body, WireRequest.class);
            Object argument = request.argument();
            assertTrue(argument == null || argument instanceof Integer || argument instanceof HashSet, String.valueOf(argument));
            for (Operation operation : Operation.values()) {
                try {
                    operation.checkArgument(request);
                } catch (WireFormatException e) {
                    assertOneLine(e);
                }
            }
            WireRequest again = WireCodec.decode(WireCodec.encode(request), WireRequest.class);
            assertEquals(request.hasArgument(), again.hasArgument());
            assertEquals(String.valueOf(sorted(request.argument())), String.valueOf(sorted(again.argument())));
        } catch (WireFormatException e) {
            assertOneLine(e);
        }
        assertTrue(System.nanoTime() - start < BOUND_NANOS, "decoding " + body.length + " bytes took too long");
    }

    @FuzzTest(maxDuration = "60s")
    void decodeAnswer_anyBytes_validAnswerOrWireFormatException(byte[] body) {
        long start = System.nanoTime();
        try {
            WireResponse response = WireCodec.decode(body, WireResponse.class);
            for (Operation operation : Operation.values()) {
                try {
                    operation.checkResult(response);
                } catch (WireFormatException e) {
                    assertOneLine(e);
                }
            }
        } catch (WireFormatException e) {
            assertOneLine(e);
        }
        try {
            WireCodec.decode(body, WireError.class);
        } catch (WireFormatException e) {
            assertOneLine(e);
        }
        assertTrue(System.nanoTime() - start < BOUND_NANOS, "decoding " + body.length + " bytes took too long");
    }

    private static void assertOneLine(WireFormatException e) {
        assertTrue(e.getMessage() != null && !e.getMessage().isBlank() && !e.getMessage().contains("\n"), e.getMessage());
    }

    /** A set's items in a stable order, so two decodings compare by content. */
    private static Object sorted(Object argument) {
        if (!(argument instanceof HashSet)) {
            return argument;
        }
        List<String> items = new java.util.ArrayList<>();
        for (Object item : (HashSet<?>) argument) {
            items.add(String.valueOf(item));
        }
        items.sort(null);
        return items;
    }
}
