package com.acertainbookstore.workload.load;

import java.util.AbstractSet;
import java.util.Arrays;
import java.util.Iterator;
import java.util.NoSuchElementException;

/**
 * A small read-only set over an array of elements the caller knows to be distinct: the argument
 * of one store call, built with two allocations instead of a {@code HashSet}'s table and nodes.
 * Immutable once built (the array is copied) and safe to share. {@code contains} is a linear
 * scan, fine for the handful of elements a call carries.
 */
final class ArraySet<E> extends AbstractSet<E> {

    private final Object[] elements;

    /** The first {@code size} elements of {@code source}, which must be distinct and non-null. */
    ArraySet(Object[] source, int size) {
        this.elements = Arrays.copyOf(source, size);
    }

    @Override
    public int size() {
        return elements.length;
    }

    @Override
    public boolean contains(Object o) {
        for (Object element : elements) {
            if (element.equals(o)) {
                return true;
            }
        }
        return false;
    }

    @Override
    public Object[] toArray() {
        return elements.clone();
    }

    @Override
    public Iterator<E> iterator() {
        return new Iterator<E>() {
            private int next;

            @Override
            public boolean hasNext() {
                return next < elements.length;
            }

            @Override
            @SuppressWarnings("unchecked")
            public E next() {
                if (next >= elements.length) {
                    throw new NoSuchElementException("no element after index " + (next - 1));
                }
                return (E) elements[next++];
            }
        };
    }
}
