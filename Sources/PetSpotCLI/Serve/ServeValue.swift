#if Server
    import ArgumentParser
    import Foundation
    import OutsideInput

    /// An option's value: from the command line, else from its environment variable.
    enum ServeValue {
        /// `given`, else `option`'s variable in `environment` read as the option reads its text.
        ///
        /// - Throws: `ValidationError` naming the variable when its text is not such a value.
        static func resolve<Value: ExpressibleByArgument>(
            _ given: Value?, _ option: String, _ environment: ServeEnvironment
        ) throws -> Value? {
            if let given { return given }
            guard let (variable, text) = environment.text(option) else { return nil }
            guard let value = Value(argument: text.trimmingCharacters(in: .whitespaces)) else {
                throw ValidationError(
                    "\(variable) is '\(String(text.prefix(80)).terminalSafe)', not a value \(option) takes.")
            }
            return value
        }
    }
#endif
