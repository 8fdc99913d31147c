stdlib::str2resource("Notify['quoted']")
