import ArgumentParser
public enum HomeCrewMain { public static func run() {} }
