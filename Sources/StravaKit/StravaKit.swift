/// Namespace for the Strava API client.
public enum StravaKit {}
