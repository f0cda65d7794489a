package com.acertainbookstore.interfaces;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Runs a contract test once per implementation in {@link StoreImplementations#all()}; the test
 * takes a {@link StoreImplementations.Factory} and opens (and closes) a fresh store from it.
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@ParameterizedTest(name = "{0}")
@MethodSource("com.acertainbookstore.interfaces.StoreImplementations#all")
@interface ForEachStore {
}
