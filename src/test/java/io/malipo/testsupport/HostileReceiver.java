package io.malipo.testsupport;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A merchant receiver that misbehaves on a raw socket: it streams an endless answer, drips one
 * byte at a time, or never answers. It counts the requests it got, the connections it held at
 * once at most, and the bytes it managed to write.
 */
public final class HostileReceiver implements AutoCloseable {

    public enum Behaviour {
        /** 200, then body bytes without end, as fast as the reader takes them. */
        ENDLESS_200,
        /** 500, then body bytes without end. */
        ENDLESS_500,
        /** 200 and a chunked body that gains one byte every {@code dripMillis}. */
        DRIP,
        /** Reads the request and never answers. */
        SILENT
    }

    private final ServerSocket server;
    private final ExecutorService connections = Executors.newCachedThreadPool();
    private final Behaviour behaviour;
    private final long dripMillis;
    private final AtomicInteger requests = new AtomicInteger();
    private final AtomicInteger open = new AtomicInteger();
    private final AtomicInteger mostOpen = new AtomicInteger();
    private final AtomicLong written = new AtomicLong();
    private volatile boolean closed;

    public HostileReceiver(Behaviour behaviour, long dripMillis) {
        this.behaviour = behaviour;
        this.dripMillis = dripMillis;
        try {
            server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Thread acceptor = new Thread(this::accept, "hostile-receiver");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    public int port() {
        return server.getLocalPort();
    }

    /** The URL under a host name that resolves to this machine, such as 127.0.0.1 or localhost. */
    public String url(String host) {
        return "http://" + host + ":" + port() + "/hook";
    }

    public int requests() {
        return requests.get();
    }

    public int mostConnectionsAtOnce() {
        return mostOpen.get();
    }

    public long bytesWritten() {
        return written.get();
    }

    private void accept() {
        while (!closed) {
            try {
                Socket socket = server.accept();
                connections.execute(() -> serve(socket));
            } catch (IOException e) {
                return;
            }
        }
    }

    private void serve(Socket socket) {
        int now = open.incrementAndGet();
        mostOpen.accumulateAndGet(now, Math::max);
        try (socket) {
            readRequest(socket.getInputStream());
            requests.incrementAndGet();
            OutputStream out = socket.getOutputStream();
            switch (behaviour) {
                case ENDLESS_200, ENDLESS_500 -> {
                    out.write(((behaviour == Behaviour.ENDLESS_200 ? "HTTP/1.1 200 OK" : "HTTP/1.1 500 Oops")
                            + "\r\nContent-Type: text/plain\r\nContent-Length: 1000000000000\r\n\r\n")
                            .getBytes(StandardCharsets.US_ASCII));
                    byte[] block = "x".repeat(64 * 1024).getBytes(StandardCharsets.US_ASCII);
                    while (!closed) {
                        out.write(block);
                        written.addAndGet(block.length);
                    }
                }
                case DRIP -> {
                    out.write("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                    out.flush();
                    while (!closed) {
                        out.write("1\r\nx\r\n".getBytes(StandardCharsets.US_ASCII));
                        out.flush();
                        written.incrementAndGet();
                        Thread.sleep(dripMillis);
                    }
                }
                case SILENT -> {
                    while (!closed && socket.getInputStream().read() >= 0) {
                        // holds the connection open until the client gives up
                    }
                }
            }
        } catch (IOException e) {
            // the client hung up, as it should
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            open.decrementAndGet();
        }
    }

    /** Reads the head and a Content-Length body, so the client is not refused before its answer. */
    private static void readRequest(InputStream in) throws IOException {
        StringBuilder head = new StringBuilder();
        int b;
        while ((b = in.read()) >= 0) {
            head.append((char) b);
            if (head.length() >= 4 && head.substring(head.length() - 4).equals("\r\n\r\n")) {
                break;
            }
        }
        for (String line : head.toString().split("\r\n")) {
            if (line.toLowerCase().startsWith("content-length:")) {
                in.readNBytes(Integer.parseInt(line.substring(15).strip()));
            }
        }
    }

    @Override
    public void close() {
        closed = true;
        try {
            server.close();
        } catch (IOException e) {
            // closing anyway
        }
        connections.shutdownNow();
    }
}
