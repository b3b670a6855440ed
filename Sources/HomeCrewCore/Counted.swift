/// "1 second", "5 seconds", "1 staff member": a count with its noun in the right number.
public func counted(_ count: Int, _ singular: String, plural: String? = nil) -> String {
    "\(count) \(count == 1 ? singular : plural ?? singular + "s")"
}
