package com.acertainbookstore.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RequestIdTest {

    @Test
    void headerValueReadsBack() throws WireFormatException {
        RequestId id = new RequestId(UUID.randomUUID(), 17);
        assertEquals(id, RequestId.parse(id.headerValue()));
        RequestId largest = new RequestId(UUID.randomUUID(), Long.MAX_VALUE);
        assertEquals(largest, RequestId.parse(largest.headerValue()));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", ":", "7", "not-a-uuid-at-all-but-36-characters!:1",
        "123e4567-e89b-12d3-a456-426614174000", "123e4567-e89b-12d3-a456-426614174000:",
        "123e4567-e89b-12d3-a456-426614174000:-1", "123e4567-e89b-12d3-a456-426614174000:1x",
        "123e4567-e89b-12d3-a456-426614174000:9223372036854775808",
        "123e4567-e89b-12d3-a456-426614174000:٣", "123e4567-e89b-12d3-a456-426614174000:00000000000000000001"})
    void malformedValuesAreRefusedWithTheHeaderNamed(String value) {
        WireFormatException refused = assertThrows(WireFormatException.class, () -> RequestId.parse(value));
        assertTrue(refused.getMessage().contains(RequestId.HEADER), refused.getMessage());
    }

    @Test
    void aHugeValueIsRefusedWithoutBeingQuoted() {
        WireFormatException refused = assertThrows(WireFormatException.class, () -> RequestId.parse("x".repeat(1 << 20)));
        assertTrue(refused.getMessage().length() < 200, refused.getMessage());
    }
}
