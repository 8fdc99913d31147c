class $foo {}
