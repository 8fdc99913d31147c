$site = "web1"
$admins = ["ann", "bo"]
$motd = template("motd/motd.erb")
