import ArgumentParser
import ReportStore
import Reports

/// `--photos DIR`: the folder of the reports' photos, as `petspot serve` keeps it (beside the
/// store unless serve is given `--photos DIR`), for the commands that read or write photos.
struct PhotoFolderOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The folder of the reports' photos, if serve is given --photos; default beside the store.",
            valueName: "dir"))
    var photos: String?

    /// The folder `--photos` names, else the one beside `store`.
    func folder(beside store: StoreURL) -> ReportPhotoFolder {
        photos.map { ReportPhotoFolder(path: $0) } ?? ReportPhotoFolder(beside: store)
    }
}
