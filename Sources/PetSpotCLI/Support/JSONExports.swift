// The JSON encoder and renderings the CLI shares with `petspot serve` live in PetSpotJSON.
// Exported once here so that every file of the CLI sees `JSONValue` as when it was part of
// the CLI (the move kept the files that print JSON unchanged).
@_exported import PetSpotJSON
