package io.malipo.merchant;

/**
 * Where an invitation goes besides the answer that shows its link once to whoever invited (the
 * admin API, the dashboard's team page). Malipo sends no mail itself, so that a first start needs
 * no mail server: an installation that wants invitations mailed provides one Spring bean of this
 * type (for example over Spring Boot's spring-boot-starter-mail and its JavaMailSender, configured
 * with the usual {@code spring.mail.*} settings). Malipo calls it once the invitation is stored.
 */
public interface InvitationLetters {

    /**
     * Tells the invited person, in whatever way the installation has. Called after the
     * invitation's transaction has committed, never inside it; a failure is logged and the
     * invitation stays valid, its link still shown to whoever invited.
     */
    void send(TeamMembers.Invitation invitation);
}
