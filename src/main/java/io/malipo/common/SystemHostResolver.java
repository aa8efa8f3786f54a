package io.malipo.common;

import java.net.InetAddress;
import java.net.UnknownHostException;
import org.springframework.stereotype.Component;

/** Names resolved by the system's resolver, as the JVM caches them. */
@Component
public class SystemHostResolver implements PublicAddresses.HostResolver {

    @Override
    public InetAddress[] resolve(String host) throws UnknownHostException {
        return InetAddress.getAllByName(host);
    }
}
