# Local accounts from a hash of users.
class accounts (
  Hash[String[1], Hash] $users = {},
) {
  $users.each |$name, $attrs| {
    accounts::user { $name:
      * => $attrs,
    }
  }
}
