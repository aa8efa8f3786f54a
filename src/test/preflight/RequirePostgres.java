import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;

/**
 * Runs before the integration tests (./mvnw verify): they need a PostgreSQL server, and without
 * one every test would fail slowly with the same cause. This stops the build at once instead,
 * saying how to get one. Host and port come from PGHOST and PGPORT, as for psql.
 */
public class RequirePostgres {

    public static void main(String[] args) {
        String host = env("PGHOST", "127.0.0.1");
        int port = Integer.parseInt(env("PGPORT", "5432"));
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(host, port), 3000);
        } catch (IOException e) {
            System.err.println("PostgreSQL is not reachable at " + host + ":" + port + " (" + e.getMessage()
                    + "): start it with 'pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start'"
                    + " (or 'sudo apt-get install postgresql'), or set PGHOST/PGPORT/PGUSER/PGPASSWORD to reach one.");
            System.exit(1);
        }
    }

    private static String env(String name, String fallback) {
        String value = System.getenv(name);
        return value == null || value.isBlank() ? fallback : value;
    }
}
