package com.acertainbookstore.workload.results;

/** Where the store under test runs. Immutable. */
public enum Mode implements Labelled {
    /** In the harness's own JVM, called directly. */
    LOCAL("local", "in-process"),
    /** Behind the HTTP server, called through the client proxies. */
    HTTP("http", "HTTP");

    private final String label;
    private final String display;

    Mode(String label, String display) {
        this.label = label;
        this.display = display;
    }

    @Override
    public String label() {
        return label;
    }

    /** How charts and the console name it: {@code in-process} or {@code HTTP}. */
    public String display() {
        return display;
    }
}
