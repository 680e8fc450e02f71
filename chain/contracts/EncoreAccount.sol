// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Account} from "@openzeppelin/contracts/account/Account.sol";
import {ERC7821} from "@openzeppelin/contracts/account/extensions/draft-ERC7821.sol";
import {ERC4337Utils} from "@openzeppelin/contracts/account/utils/ERC4337Utils.sol";
import {
    CallType,
    ERC7579Utils,
    ExecType,
    Mode
} from "@openzeppelin/contracts/account/utils/draft-ERC7579Utils.sol";
import {IERC1271} from "@openzeppelin/contracts/interfaces/IERC1271.sol";
import {Execution} from "@openzeppelin/contracts/interfaces/draft-IERC7579.sol";
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
///
/// And what ERC-7710 spend permissions need from a delegator (MetaMask's Delegation Framework):
/// - `executeFromExecutor`, callable by one DelegationManager only, fixed at deployment: it runs
///   a redeemed delegation's executions after the manager has checked the listener's signature,
///   that the delegation is not disabled, and every caveat enforcer (the period caps, the expiry);
///   never a call to the account itself, which could run `execute` beyond what the enforcers saw;
/// - ERC-1271 `isValidSignature`: the address's own key (SignerEIP7702), which is how the manager
///   checks a delegation signed by an address that holds code.
contract EncoreAccount is Account, SignerEIP7702, ERC7821, ERC721Holder, ERC1155Holder, IERC1271 {
    using ERC7579Utils for *;

    IEntryPoint private immutable ENTRY_POINT;
    address private immutable DELEGATION_MANAGER;

    /// A redeemed execution named the account itself (or address(0), which ERC-7579 reads so).
    error RedeemedCallToSelf();

    constructor(IEntryPoint entryPoint_, address delegationManager_) {
        ENTRY_POINT = entryPoint_;
        DELEGATION_MANAGER = delegationManager_;
    }

    /// The only caller of `executeFromExecutor`.
    function delegationManager() public view returns (address) {
        return DELEGATION_MANAGER;
    }

    /// ERC-7579's executor entry point, as the DelegationManager calls it: a single call or a
    /// batch, each reverting the whole redemption when it fails (no "try" execution type).
    function executeFromExecutor(bytes32 mode, bytes calldata executionCalldata)
        external
        payable
        returns (bytes[] memory)
    {
        if (msg.sender != DELEGATION_MANAGER) revert AccountUnauthorized(msg.sender);
        (CallType callType, ExecType execType,,) = Mode.wrap(mode).decodeMode();
        if (!(execType == ERC7579Utils.EXECTYPE_DEFAULT)) revert ERC7579Utils.ERC7579UnsupportedExecType(execType);
        if (callType == ERC7579Utils.CALLTYPE_SINGLE) {
            (address target,,) = executionCalldata.decodeSingle();
            _refuseSelf(target);
            return executionCalldata.execSingle(execType);
        }
        if (callType == ERC7579Utils.CALLTYPE_BATCH) {
            Execution[] calldata batch = executionCalldata.decodeBatch();
            for (uint256 i = 0; i < batch.length; ++i) {
                _refuseSelf(batch[i].target);
            }
            return executionCalldata.execBatch(execType);
        }
        revert ERC7579Utils.ERC7579UnsupportedCallType(callType);
    }

    /// A call to the account itself would reach `execute`, which the account's own calls may run:
    /// a grant's enforcers inspect the outer call only, so what it runs inside would be unbounded.
    function _refuseSelf(address target) private view {
        if (target == address(0) || target == address(this)) revert RedeemedCallToSelf();
    }

    /// ERC-1271: a signature by the address's own key over `hash`. An EIP-7702 address is its
    /// key's only account, so a signature cannot be replayed on another account of the same key.
    function isValidSignature(bytes32 hash, bytes calldata signature) public view returns (bytes4) {
        return _rawSignatureValidation(hash, signature) ? IERC1271.isValidSignature.selector : bytes4(0xffffffff);
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
