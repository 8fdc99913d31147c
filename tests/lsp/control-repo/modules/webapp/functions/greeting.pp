# A greeting for a host.
function webapp::greeting(String $who) >> String {
  "Hello from ${who}"
}
