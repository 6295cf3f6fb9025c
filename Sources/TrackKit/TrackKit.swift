import CLibXML2

/// Namespace for the track engine: reading, checking, cleaning and writing GPX, TCX and FIT.
public enum TrackKit {}
