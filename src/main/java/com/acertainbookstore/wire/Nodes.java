package com.acertainbookstore.wire;

import com.thoughtworks.xstream.converters.ConversionException;
import com.thoughtworks.xstream.io.HierarchicalStreamReader;

/** Reading helpers shared by the converters: required attributes, parsed strictly. Stateless. */
final class Nodes {

    private Nodes() {
    }

    static String required(HierarchicalStreamReader reader, String attribute) {
        String value = reader.getAttribute(attribute);
        if (value == null) {
            throw new ConversionException("<" + reader.getNodeName() + "> lacks attribute " + attribute);
        }
        return value;
    }

    static int requiredInt(HierarchicalStreamReader reader, String attribute) {
        String value = required(reader, attribute);
        try {
            return Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw invalid(reader, attribute, value, "an int");
        }
    }

    static long requiredLong(HierarchicalStreamReader reader, String attribute) {
        String value = required(reader, attribute);
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw invalid(reader, attribute, value, "a long");
        }
    }

    static float requiredFloat(HierarchicalStreamReader reader, String attribute) {
        String value = required(reader, attribute);
        try {
            return Float.parseFloat(value);
        } catch (NumberFormatException e) {
            throw invalid(reader, attribute, value, "a float");
        }
    }

    static boolean requiredBoolean(HierarchicalStreamReader reader, String attribute) {
        String value = required(reader, attribute);
        if ("true".equals(value)) {
            return true;
        }
        if ("false".equals(value)) {
            return false;
        }
        throw invalid(reader, attribute, value, "true or false");
    }

    private static ConversionException invalid(HierarchicalStreamReader reader, String attribute,
            String value, String rule) {
        return new ConversionException("<" + reader.getNodeName() + "> attribute " + attribute + " '"
                + value + "' is not " + rule);
    }
}
