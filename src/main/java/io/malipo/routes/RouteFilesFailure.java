package io.malipo.routes;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Tells why the route files stopped the start in words a person can act on, without a stack trace. */
public class RouteFilesFailure extends AbstractFailureAnalyzer<RouteFilesException> {

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, RouteFilesException cause) {
        return new FailureAnalysis(cause.getMessage(), cause.action(), cause);
    }
}
