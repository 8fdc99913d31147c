class 1foo {}
