// SPDX-License-Identifier: MIT
pragma solidity ^0.8.26;

/// Favorites that listeners sign (EIP-712) and anyone may submit: a relayer pays the fee, the
/// favorite is recorded for the signer. Everything that makes a signature usable once is checked
/// here, on chain, so a relayer's own checks are a courtesy, never the defence.
contract Favorites {
    string public constant NAME = "Encore Demo Favorites";
    string public constant VERSION = "1";

    bytes32 private constant DOMAIN_TYPEHASH = keccak256(
        "EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)"
    );
    bytes32 public constant FAVORITE_TYPEHASH =
        keccak256("Favorite(address listener,string trackId,uint256 nonce,uint256 deadline)");
    /// secp256k1 order / 2: a higher s is the malleable twin of a valid signature.
    uint256 private constant HALF_ORDER =
        0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0;

    /// The next nonce each listener must sign: favorites from one listener go through in order.
    mapping(address => uint256) public nonces;
    mapping(bytes32 => uint256) private counts;
    mapping(address => mapping(bytes32 => bool)) private favorited;

    event Favorited(
        address indexed listener, bytes32 indexed trackKey, string trackId, uint256 nonce, address submitter
    );

    error Expired(uint256 deadline, uint256 nowSeconds);
    error WrongNonce(uint256 expected, uint256 given);
    error BadSignature();
    error NotListener(address signer, address listener);
    error AlreadyFavorite(address listener, string trackId);

    /// EIP-5267: the domain a wallet or relayer must sign under.
    function eip712Domain()
        external
        view
        returns (
            bytes1 fields,
            string memory name,
            string memory version,
            uint256 chainId,
            address verifyingContract,
            bytes32 salt,
            uint256[] memory extensions
        )
    {
        return (hex"0f", NAME, VERSION, block.chainid, address(this), bytes32(0), new uint256[](0));
    }

    function domainSeparator() public view returns (bytes32) {
        return keccak256(
            abi.encode(
                DOMAIN_TYPEHASH, keccak256(bytes(NAME)), keccak256(bytes(VERSION)), block.chainid, address(this)
            )
        );
    }

    function favoriteCount(string calldata trackId) external view returns (uint256) {
        return counts[keccak256(bytes(trackId))];
    }

    function isFavorite(address listener, string calldata trackId) external view returns (bool) {
        return favorited[listener][keccak256(bytes(trackId))];
    }

    /// Records `trackId` as a favorite of `listener`, who signed it; callable by anyone.
    function favorite(
        address listener,
        string calldata trackId,
        uint256 nonce,
        uint256 deadline,
        bytes calldata signature
    ) external {
        if (block.timestamp > deadline) revert Expired(deadline, block.timestamp);
        if (nonce != nonces[listener]) revert WrongNonce(nonces[listener], nonce);
        bytes32 trackKey = keccak256(bytes(trackId));
        bytes32 digest = keccak256(
            abi.encodePacked(
                "\x19\x01",
                domainSeparator(),
                keccak256(abi.encode(FAVORITE_TYPEHASH, listener, trackKey, nonce, deadline))
            )
        );
        address signer = recover(digest, signature);
        if (signer != listener) revert NotListener(signer, listener);
        if (favorited[listener][trackKey]) revert AlreadyFavorite(listener, trackId);
        nonces[listener] = nonce + 1;
        favorited[listener][trackKey] = true;
        counts[trackKey] += 1;
        emit Favorited(listener, trackKey, trackId, nonce, msg.sender);
    }

    function recover(bytes32 digest, bytes calldata signature) private pure returns (address) {
        if (signature.length != 65) revert BadSignature();
        bytes32 r = bytes32(signature[0:32]);
        bytes32 s = bytes32(signature[32:64]);
        uint8 v = uint8(signature[64]);
        if (v < 27) v += 27;
        if ((v != 27 && v != 28) || uint256(s) > HALF_ORDER) revert BadSignature();
        address signer = ecrecover(digest, v, r, s);
        if (signer == address(0)) revert BadSignature();
        return signer;
    }
}
