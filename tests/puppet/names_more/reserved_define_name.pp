define if {}
