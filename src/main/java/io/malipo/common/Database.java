package io.malipo.common;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/**
 * Which database Malipo runs on. PostgreSQL is the production database; the embedded H2 runs one
 * instance for trying Malipo out. A few hot paths use what only PostgreSQL has (one statement that
 * writes to two tables, LISTEN/NOTIFY, shared rate-limit rows) and keep a portable way for H2.
 */
@Component
public class Database {

    private final boolean postgres;

    public Database(@Value("${spring.datasource.url:}") String url) {
        this.postgres = url.startsWith("jdbc:postgresql:");
    }

    public boolean isPostgres() {
        return postgres;
    }
}
