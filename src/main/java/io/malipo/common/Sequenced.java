package io.malipo.common;

/** An item of a list paged newest first by its sequence number (keyset paging, never OFFSET). */
public interface Sequenced {

    long seq();
}
