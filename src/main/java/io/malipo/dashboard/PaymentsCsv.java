package io.malipo.dashboard;

import io.malipo.payments.PaymentView;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.Function;
import java.util.function.LongFunction;
import java.util.stream.Collectors;

/**
 * Payments as CSV (RFC 4180: CRLF lines, a field quoted when it holds a comma, a quote or a line
 * break), read from the database one batch at a time as the client takes it: the next batch is
 * fetched only when the last one has been sent, so an export of any size never holds more than a
 * batch. A cell that a spreadsheet would run as a formula ({@code =}, {@code +}, {@code -},
 * {@code @}, tab, CR first) starts with {@code '} instead, since a payer's name or a merchant's
 * reference is anyone's text.
 */
final class PaymentsCsv extends InputStream {

    static final int BATCH = 500;
    private static final String FORMULA_STARTS = "=+-@\t\r";

    private final LongFunction<List<PaymentView>> batches;
    private final Function<PaymentView, List<String>> cells;
    private byte[] buffer;
    private int position;
    private long before;
    private boolean last;

    /**
     * @param header the first line's cells
     * @param start the position the first batch is read below
     * @param batches up to {@value #BATCH} payments below a position, newest first
     * @param cells one payment's cells, in the header's order
     */
    PaymentsCsv(List<String> header, long start, LongFunction<List<PaymentView>> batches,
            Function<PaymentView, List<String>> cells) {
        this.batches = batches;
        this.cells = cells;
        this.before = start;
        this.buffer = line(header).getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public int read() {
        if (!ready()) {
            return -1;
        }
        return buffer[position++] & 0xff;
    }

    @Override
    public int read(byte[] into, int offset, int length) {
        if (length == 0) {
            return 0;
        }
        if (!ready()) {
            return -1;
        }
        int count = Math.min(length, buffer.length - position);
        System.arraycopy(buffer, position, into, offset, count);
        position += count;
        return count;
    }

    /** Whether bytes are waiting, reading the next batch once the last is sent; false at the end. */
    private boolean ready() {
        while (position == buffer.length) {
            if (last) {
                return false;
            }
            List<PaymentView> batch = batches.apply(before);
            last = batch.size() < BATCH;
            if (!batch.isEmpty()) {
                before = batch.get(batch.size() - 1).seq();
            }
            buffer = batch.stream().map(p -> line(cells.apply(p))).collect(Collectors.joining())
                    .getBytes(StandardCharsets.UTF_8);
            position = 0;
        }
        return true;
    }

    static String line(List<String> values) {
        return values.stream().map(PaymentsCsv::cell).collect(Collectors.joining(",", "", "\r\n"));
    }

    static String cell(String value) {
        if (value == null || value.isEmpty()) {
            return "";
        }
        String text = FORMULA_STARTS.indexOf(value.charAt(0)) >= 0 ? "'" + value : value;
        return text.contains(",") || text.contains("\"") || text.contains("\n") || text.contains("\r")
                ? "\"" + text.replace("\"", "\"\"") + "\"" : text;
    }
}
