package io.malipo.common;

import io.malipo.common.web.ApiServer;
import org.springframework.test.context.TestPropertySource;

/**
 * The same conventions with the APIs served by the servlet container
 * ({@code malipo.http.api-server.engine=servlet}), which an installation can still choose: the
 * edge's refusals, the path rewrites and the request ids are the servlet filters' there.
 */
@TestPropertySource(properties = ApiServer.ENGINE_PROPERTY + "=servlet")
class ErrorConventionsOnServletIT extends ErrorConventionsIT {
}
