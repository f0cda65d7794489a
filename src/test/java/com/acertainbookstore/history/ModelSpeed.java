package com.acertainbookstore.history;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Times the check of one saved history with each model that can judge it: the register model
 * (when it fits) and the store model, alternating, in one JVM, after one unmeasured round of each.
 * A measurement tool, not a test:
 * {@code mvn -o -q test-compile exec:java -Dexec.classpathScope=test
 * -Dexec.mainClass=com.acertainbookstore.history.ModelSpeed -Dexec.args="history.jsonl 3"}.
 */
public final class ModelSpeed {

    private ModelSpeed() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            throw new IllegalArgumentException("usage: ModelSpeed history.jsonl rounds");
        }
        History history = HistoryFile.read(Path.of(args[0]));
        int rounds = Integer.parseInt(args[1]);
        boolean register = RegisterModel.fits(history.calls());
        for (int round = 0; round <= rounds; round++) {
            String label = round == 0 ? "warm-up" : "round " + round;
            if (register) {
                time(label, history, RegisterModel.INSTANCE);
            }
            time(label, history, StoreModel.INSTANCE);
        }
    }

    private static <S> void time(String label, History history, Model<S> model) {
        CheckResult result = Checker.check(history, model, Budget.of(120, 4096));
        System.out.println(String.format(Locale.ROOT, "%s %s model: %s", label, model.name(), result.summary()));
    }
}
