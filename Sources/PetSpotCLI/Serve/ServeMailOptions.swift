#if Server
    import ArgumentParser
    import Mail
    import PetSpotService

    /// `petspot serve`'s alerts by mail: the mail server, the sender (the same options as
    /// `petspot mail test`) and `--public-url`, the base of every link a mail carries. Without
    /// `--smtp` the server sends no mail and offers no alerts.
    struct ServeMailOptions: ParsableArguments {
        @OptionGroup var mail: MailOptions

        @Option(
            help: ArgumentHelp(
                "Where visitors reach this server (https://petspot.example): the base of the links in mails "
                    + "and of the posters' QR codes.",
                valueName: "url"))
        var publicUrl: String?

        @Option(help: BoundedOptions.mailLease.help) var mailLease: Int?

        /// `--public-url`, else its variable, with or without mail; `nil` when not given.
        ///
        /// - Throws: `ValidationError` saying what to write instead.
        func publicURL(_ environment: ServeEnvironment) throws -> PublicURL? {
            guard let base = try ServeValue.resolve(publicUrl, "--public-url", environment) else { return nil }
            do {
                return try PublicURL(base)
            } catch {
                throw ValidationError(error.description)
            }
        }

        /// The settings these options, else their variables, give; `nil` without `--smtp`.
        ///
        /// - Throws: `ValidationError` naming what cannot be used.
        func settings(_ environment: ServeEnvironment) throws -> MailSettings? {
            guard let url = try ServeValue.resolve(mail.smtp, "--smtp", environment) else { return nil }
            guard let from = try ServeValue.resolve(mail.mailFrom, "--mail-from", environment) else {
                throw ValidationError("--smtp needs --mail-from ADDRESS (PETSPOT_MAIL_FROM): the sender of alerts.")
            }
            guard let base = try ServeValue.resolve(publicUrl, "--public-url", environment) else {
                throw ValidationError(
                    "--smtp needs --public-url URL (PETSPOT_PUBLIC_URL): where the links in mails lead, "
                        + "like https://petspot.example.")
            }
            let passwordFile = try ServeValue.resolve(mail.smtpPasswordFile, "--smtp-password-file", environment)
            let lease = try BoundedOptions.mailLease.value(mailLease, environment)
            do {
                return MailSettings(
                    server: try SMTPServer(url: url, passwordFile: passwordFile), from: try MailAddress(from),
                    publicURL: try PublicURL(base), lease: .seconds(lease))
            } catch let error as MailError {
                throw ValidationError(error.description)
            } catch {
                throw ValidationError("\(error)")
            }
        }
    }
#endif
