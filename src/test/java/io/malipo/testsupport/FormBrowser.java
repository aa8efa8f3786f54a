package io.malipo.testsupport;

import java.io.IOException;
import java.net.CookieManager;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * A browser over HTTP for the dashboard's pages: keeps cookies, follows no redirects, and posts
 * forms with the CSRF token of the last page it read.
 */
public final class FormBrowser {

    private final HttpClient client = HttpClient.newBuilder().cookieHandler(new CookieManager())
            .followRedirects(HttpClient.Redirect.NEVER).build();
    private final int port;
    private String csrf = "";

    public FormBrowser(int port) {
        this.port = port;
    }

    public HttpResponse<String> get(String path) throws IOException, InterruptedException {
        HttpResponse<String> answer = send("GET", path, null);
        Matcher token = Pattern.compile("name=\"_csrf\" value=\"([^\"]+)\"").matcher(answer.body());
        if (token.find()) {
            csrf = token.group(1);
        }
        return answer;
    }

    /** Posts the fields (name, value, name, value...) with the page's CSRF token. */
    public HttpResponse<String> post(String path, String... fields) throws IOException, InterruptedException {
        Map<String, String> form = new LinkedHashMap<>();
        for (int i = 0; i < fields.length; i += 2) {
            form.put(fields[i], fields[i + 1]);
        }
        form.put("_csrf", csrf);
        return send("POST", path, form.entrySet().stream().map(e -> e.getKey() + "="
                + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8)).collect(Collectors.joining("&")));
    }

    public HttpResponse<String> send(String method, String path, String form) throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://localhost:" + port + path));
        if (form != null) {
            request.header("Content-Type", "application/x-www-form-urlencoded");
        }
        return client.send(request.method(method, form == null ? HttpRequest.BodyPublishers.noBody()
                : HttpRequest.BodyPublishers.ofString(form)).build(), HttpResponse.BodyHandlers.ofString());
    }

    /**
     * Accepts an invitation (from the admin API's invitation_url) with this password and signs in
     * with it: for the roles that need no second factor, the browser is then signed in.
     */
    public FormBrowser acceptAndSignIn(String invitationUrl, String email, String password)
            throws IOException, InterruptedException {
        String path = URI.create(invitationUrl).getPath();
        get(path);
        post(path, "password", password, "repeat", password);
        return signIn(email, password);
    }

    /** Signs in with a password: for a member with two factors, the code is asked for next. */
    public FormBrowser signIn(String email, String password) throws IOException, InterruptedException {
        get("/dashboard/sign-in");
        post("/dashboard/sign-in", "email", email, "password", password);
        return this;
    }
}
