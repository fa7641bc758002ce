#!/usr/bin/env bash
# Times game-misere against Aaron Siegel's MisereSolver on the same partial quotients:
# Kayles (0.77) to heap 169 (its proof) and Dawson's Kayles (0.07) to heap 33.
#
#   scripts/bench-misere.sh /path/to/cgsuite-checkout [RUNS]
#
# MisereSolver (GPL) lives in the cgsuite repository (github.com/aaron-siegel/cgsuite) under
# lib/core/src/main/scala/org/cgsuite/core/misere/solver. This script copies its solver
# classes into a scratch folder under /tmp (nothing is committed here), replaces its one call
# into CGSuite's Scala rules (the options of a heap) by a small octal-code shim of our own, and
# compiles them with javac (a JDK from the package registry, e.g. `apt-get install
# default-jdk-headless`). Outside CI: it needs a checkout and a JDK.
set -euo pipefail

CGSUITE=${1:?usage: scripts/bench-misere.sh CGSUITE_CHECKOUT [RUNS]}
RUNS=${2:-3}
SRC="$CGSUITE/lib/core/src/main/scala/org/cgsuite/core/misere/solver"
[ -f "$SRC/MisereSolver.java" ] || { echo "error: no MisereSolver.java under $SRC" >&2; exit 2; }
command -v javac >/dev/null || { echo "error: javac not found (install a JDK)" >&2; exit 2; }

WORK=$(mktemp -d /tmp/bench-misere.XXXXXX)
PKG="$WORK/src/org/cgsuite/core/misere/solver"
mkdir -p "$PKG" "$WORK/classes"
for f in MisereSolver Pretension BipartiteMonoid ExplicitFiniteMonoid DirectSumMonoid CommutativeMonoid Word Relation; do
    cp "$SRC/$f.java" "$PKG/"
done

# The solver's heap options come from CGSuite's Scala rules; serve them from the shim instead.
python3 - "$PKG/MisereSolver.java" <<'PY'
import re, sys
path = sys.argv[1]
s = open(path).read()
for imp in ["org.cgsuite.core.impartial.HeapRuleset", "org.cgsuite.core.impartial.TakeAndBreak",
            "scala.collection.immutable.IndexedSeq", "scala.jdk.CollectionConverters"]:
    s = s.replace("import %s;\n" % imp, "")
s = s.replace("HeapRuleset", "OctalShim")
s = re.sub(r"    public MisereSolver\(InputStream msvInputStream\).*?(?=    public OctalShim getRules\(\))", "", s, flags=re.S)
s = re.sub(r"    public List<int\[\]> heapOptions\(int heapSize\) \{.*?(?=    public void next\(\))",
           "    public List<int[]> heapOptions(int heapSize) { return rules.heapOptions(heapSize); }\n\n", s, flags=re.S)
s = s.replace("rules.allOptions(heap).isEmpty()", "rules.heapOptions(heap).isEmpty()")
open(path, "w").write(s)
PY

cat > "$PKG/OctalShim.java" <<'JAVA'
package org.cgsuite.core.misere.solver;

import java.util.ArrayList;
import java.util.List;

/** The options of one heap of an octal game, from its code (ours, for the benchmark). */
public class OctalShim {
    private final String code;
    private final int[] digits;

    public OctalShim(String code) {
        this.code = code;
        String after = code.substring(code.indexOf('.') + 1);
        digits = new int[after.length() + 1];
        for (int k = 1; k <= after.length(); k++) digits[k] = after.charAt(k - 1) - '0';
    }

    public List<int[]> heapOptions(int heap) {
        List<int[]> out = new ArrayList<>();
        for (int k = 1; k < digits.length && k <= heap; k++) {
            int d = digits[k], rest = heap - k;
            if ((d & 1) != 0 && rest == 0) out.add(new int[0]);
            if ((d & 2) != 0 && rest > 0) out.add(new int[] {rest});
            if ((d & 4) != 0) for (int a = 1; a <= rest / 2; a++) out.add(new int[] {a, rest - a});
        }
        return out;
    }

    @Override public String toString() { return code; }
}
JAVA

cat > "$PKG/TimeoutException.java" <<'JAVA'
package org.cgsuite.core.misere.solver;

/** Thrown by the solver when its thread is interrupted. */
class TimeoutException extends RuntimeException {}
JAVA

cat > "$PKG/BenchMain.java" <<'JAVA'
package org.cgsuite.core.misere.solver;

import java.io.OutputStream;
import java.io.PrintStream;

/** Adds heaps 1..maxHeap and prints the time and the order of the last partial quotient. */
public class BenchMain {
    public static void main(String[] args) {
        String code = args[0];
        int maxHeap = Integer.parseInt(args[1]);
        PrintStream out = System.out;
        System.setOut(new PrintStream(OutputStream.nullOutputStream()));
        long start = System.nanoTime();
        MisereSolver solver = new MisereSolver(new OctalShim(code));
        while (solver.currentPretension().getPrefn().size() <= maxHeap) solver.next();
        double seconds = (System.nanoTime() - start) / 1e9;
        System.setOut(out);
        BipartiteMonoid q = solver.currentPretension().getQuotient();
        System.out.printf("MisereSolver %s to heap %d: |Q| = %d, |P| = %d, %.3f s%n", code, maxHeap, q.size(), q.pPortionSize(), seconds);
    }
}
JAVA

javac -nowarn -d "$WORK/classes" "$PKG"/*.java 2>"$WORK/javac.log" || { cat "$WORK/javac.log" >&2; exit 2; }
cargo build --release -q -p game-misere --example misere_quotient
OURS=target/release/examples/misere_quotient

for target in "0.77 169" "0.07 33"; do
    set -- $target
    for run in $(seq "$RUNS"); do
        java -cp "$WORK/classes" org.cgsuite.core.misere.solver.BenchMain "$1" "$2"
        start=$(date +%s.%N)
        line=$("$OURS" "$1" "$2" 8192 2>/dev/null | grep '^game')
        end=$(date +%s.%N)
        echo "game-misere $line, $(echo "$end - $start" | bc) s"
    done
done
echo "scratch build in $WORK"
