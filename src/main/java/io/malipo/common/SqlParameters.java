package io.malipo.common;

/**
 * A record whose components are the named parameters of a SQL file: sent to a camel-sql endpoint
 * as the body, each {@code :#name} reads the component of that name (see {@link SqlRecords}).
 */
public interface SqlParameters {
}
