class class {}
