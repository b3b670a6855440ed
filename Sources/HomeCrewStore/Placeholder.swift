import GRDB
public enum Placeholder {}
