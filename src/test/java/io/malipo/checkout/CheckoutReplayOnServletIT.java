package io.malipo.checkout;

import io.malipo.common.web.ApiServer;
import org.springframework.test.context.TestPropertySource;

/**
 * Replays with the checkout API on the servlet container: the fingerprint is computed from what
 * the servlet request gives, and must make the same requests the same.
 */
@TestPropertySource(properties = ApiServer.ENGINE_PROPERTY + "=servlet")
class CheckoutReplayOnServletIT extends CheckoutReplayIT {
}
