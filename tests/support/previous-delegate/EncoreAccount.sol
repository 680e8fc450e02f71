// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Account} from "@openzeppelin/contracts/account/Account.sol";
import {ERC7821} from "@openzeppelin/contracts/account/extensions/draft-ERC7821.sol";
import {ERC4337Utils} from "@openzeppelin/contracts/account/utils/ERC4337Utils.sol";
import {IEntryPoint, PackedUserOperation} from "@openzeppelin/contracts/interfaces/IERC4337.sol";
import {ERC1155Holder} from "@openzeppelin/contracts/token/ERC1155/utils/ERC1155Holder.sol";
import {ERC721Holder} from "@openzeppelin/contracts/token/ERC721/utils/ERC721Holder.sol";
import {SignerEIP7702} from "@openzeppelin/contracts/utils/cryptography/signers/SignerEIP7702.sol";

/// The delegate Encore ships: an address that delegates here with EIP-7702 runs OpenZeppelin's
/// audited account pieces. Calls run in a batch (ERC-7821), sent either by the address itself (a
/// transaction it pays for) or by an ERC-4337 EntryPoint (v0.8) for a user operation signed by the
/// address's own key (SignerEIP7702), which anyone may submit and pay for. No storage: every piece
/// is stateless, so a delegation leaves the address's storage as it found it.
///
/// Two choices of Encore's own, each a few lines over OpenZeppelin's extension points:
/// - the EntryPoint is fixed at deployment (immutable), not the constant of one canonical address;
/// - every user operation carries a deadline, the low 48 bits of its nonce key (`nonce >> 64`),
///   which the signature covers with the rest of the nonce. The EntryPoint refuses the operation
///   after it ("AA22 expired or not due"); a key of 0, which would mean "forever", is refused.
///   Each (key, sequence) is used once: the EntryPoint's nonces refuse a replay.
contract EncoreAccount is Account, SignerEIP7702, ERC7821, ERC721Holder, ERC1155Holder {
    IEntryPoint private immutable ENTRY_POINT;

    constructor(IEntryPoint entryPoint_) {
        ENTRY_POINT = entryPoint_;
    }

    function entryPoint() public view override returns (IEntryPoint) {
        return ENTRY_POINT;
    }

    /// The address itself (its own transaction) or the EntryPoint (a validated user operation).
    function _erc7821AuthorizedExecutor(address caller, bytes32 mode, bytes calldata executionData)
        internal
        view
        override
        returns (bool)
    {
        return caller == address(entryPoint()) || super._erc7821AuthorizedExecutor(caller, mode, executionData);
    }

    function _validateUserOp(PackedUserOperation calldata userOp, bytes32 userOpHash, bytes calldata signature)
        internal
        override
        returns (uint256)
    {
        uint48 validUntil = uint48(userOp.nonce >> 64);
        if (validUntil == 0) return ERC4337Utils.SIG_VALIDATION_FAILED;
        bool signed = super._validateUserOp(userOp, userOpHash, signature) == ERC4337Utils.SIG_VALIDATION_SUCCESS;
        return ERC4337Utils.packValidationData(signed, 0, validUntil);
    }
}
